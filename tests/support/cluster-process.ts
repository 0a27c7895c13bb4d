// `pnpm start:cluster` (scripts/cluster.mjs) as its own process, for the cluster specs and the
// scale benchmarks: the built servers behind Caddy, on a PostgreSQL database and a Redis of the
// caller's, with everything it prints kept. The servers are not built again (`pnpm build` has).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT } from './paths';

export interface ClusterProcess {
  child: ChildProcess;
  /** Everything the cluster and its servers wrote so far (stderr too, unless inherited). */
  log: () => string;
}

export function spawnCluster(options: {
  port: number;
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  /** Leaving it out: start:cluster's own default. */
  instances?: number;
  /** On top of the defaults, and over them. */
  env?: Record<string, string>;
  /** 'inherit': the cluster's errors print as they come (a benchmark's console). */
  stderr?: 'pipe' | 'inherit';
}): ClusterProcess {
  const child = spawn(process.execPath, ['scripts/cluster.mjs'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      DATA_DIR: options.dataDir,
      ...(options.instances === undefined ? {} : { CLUSTER_INSTANCES: String(options.instances) }),
      CLUSTER_REBUILD: '0',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', options.stderr ?? 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return { child, log: () => log };
}

/**
 * Resolves once the cluster says it serves through Caddy (a server's own "Shop is running" line
 * comes earlier); throws with its output when it exits first (no Caddy: `bash
 * scripts/bootstrap.sh --cluster`) or takes longer than `timeoutMs`.
 */
export async function untilClusterServes(cluster: ClusterProcess, timeoutMs: number) {
  const started = Date.now();
  while (!cluster.log().includes('[cluster] Shop is running at')) {
    if (cluster.child.exitCode !== null) throw new Error(`the cluster exited:\n${cluster.log()}`);
    if (Date.now() - started > timeoutMs) {
      throw new Error(`the cluster did not start:\n${cluster.log()}`);
    }
    await sleep(200);
  }
}

/** Each server's bot on webhooks against the Bot API stand-in, with a staff chat (in English). */
export function webhookBotEnv(options: {
  /** The token the stand-in was started with. */
  token: string;
  apiRoot: string;
  staffChatId: number;
  staffUserIds: readonly number[];
  webhookSecret?: string;
}): Record<string, string> {
  return {
    BOT_TOKEN: options.token,
    BOT_MODE: 'webhook',
    WEBHOOK_SECRET: options.webhookSecret ?? randomBytes(16).toString('hex'),
    TELEGRAM_API_ROOT: options.apiRoot,
    STAFF_CHAT_ID: String(options.staffChatId),
    STAFF_USER_IDS: options.staffUserIds.join(','),
    STAFF_LANGUAGE: 'en',
  };
}

/** Sends `signal` (Ctrl-C by default) and resolves once the process has exited. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGINT') {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((done) => {
    child.once('exit', () => {
      done();
    });
    child.kill(signal);
  });
}
