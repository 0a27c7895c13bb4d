// Vitest global set-up of the bot project: bundles the server once (scripts/build-server.mjs,
// about a second) into a file of this run's, for the tests that start it as a process.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import type {} from './server-bundle';

const BUILD_SERVER = fileURLToPath(new URL('../../../scripts/build-server.mjs', import.meta.url));

export default async function bundleServer(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-test-server-'));
  const bundle = join(dir, 'main.mjs');
  execFileSync(process.execPath, [BUILD_SERVER, '--server-into', bundle], { stdio: 'ignore' });
  project.provide('serverBundle', bundle);
  return () => rm(dir, { recursive: true, force: true });
}
