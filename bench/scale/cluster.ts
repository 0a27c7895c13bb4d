// The shop the scale benchmark measures: `pnpm start:cluster` as built, its bots on webhooks
// against the Bot API stand-in, and what it runs as (instances, backend, proxy) with their memory.
// The database is read through psql: the bench needs no driver of its own.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  startFakeBotApi,
  TEST_BOT_TOKEN,
  type FakeBotApi,
} from '../../bot/src/testing/fake-bot-api';
import {
  spawnCluster,
  stopProcess,
  untilClusterServes,
  webhookBotEnv,
} from '../../tests/support/cluster-process';
import { LIMITS_OFF } from '../browsing';
import { REPO_ROOT } from '../settings';
import { PORT, REDIS_URL, STAFF_CHAT } from './settings';

export interface Cluster {
  child: ChildProcess;
  url: string;
  dataDir: string;
  databaseUrl: string;
  telegram: FakeBotApi;
  log(): string;
  stop(): Promise<void>;
}

/** Rows of one query through psql, tab-separated: the bench needs no database driver of its own. */
export function query(databaseUrl: string, text: string): string[][] {
  const result = spawnSync('psql', [databaseUrl, '-AtX', '-F', '\t', '-c', text], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`psql: ${result.stderr}`);
  return result.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/** `pnpm start:cluster` with `instances` servers, its bots on webhooks against the stand-in. */
export async function startCluster(instances: number, databaseUrl: string): Promise<Cluster> {
  const dataDir = join(REPO_ROOT, '.tmp', `bench-scale-${String(PORT)}`);
  await rm(dataDir, { recursive: true, force: true });
  const telegram = await startFakeBotApi({ token: TEST_BOT_TOKEN });
  const cluster = spawnCluster({
    port: PORT,
    databaseUrl,
    redisUrl: REDIS_URL,
    dataDir,
    instances,
    env: {
      ...LIMITS_OFF,
      ...webhookBotEnv({
        token: TEST_BOT_TOKEN,
        apiRoot: telegram.apiRoot,
        staffChatId: STAFF_CHAT,
        staffUserIds: [800340001],
      }),
    },
  });
  const { child } = cluster;
  await untilClusterServes(cluster, 180_000);
  const started = Date.now();
  while (telegram.callsOf('setWebhook').length < instances) {
    if (Date.now() - started > 180_000) throw new Error('the bots did not set their webhooks');
    await sleep(200);
  }
  return {
    child,
    url: `http://127.0.0.1:${String(PORT)}`,
    dataDir,
    databaseUrl,
    telegram,
    log: cluster.log,
    stop: async () => {
      await stopProcess(child);
      await telegram.close();
    },
  };
}

export interface Process {
  pid: number;
  rssMb: number;
  kind: 'instance' | 'backend' | 'proxy' | 'other';
}

/** The cluster's children with their resident memory: instances, backend, proxy. */
export function clusterProcesses(cluster: Cluster): Process[] {
  const listed = spawnSync('ps', ['-o', 'pid=,rss=,args=', '--ppid', String(cluster.child.pid)], {
    encoding: 'utf8',
  });
  return listed.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [pid = '0', rss = '0', ...args] = line.trim().split(/\s+/);
      const command = args.join(' ');
      const kind = command.includes('bot/dist/main.mjs')
        ? 'instance'
        : command.includes('backend/dist/main.mjs')
          ? 'backend'
          : /caddy|haproxy|nginx/.test(command)
            ? 'proxy'
            : 'other';
      return { pid: Number(pid), rssMb: Math.round(Number(rss) / 1024), kind };
    });
}
