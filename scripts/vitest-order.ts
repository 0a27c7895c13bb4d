// The order vitest hands test files to its workers. Its own order runs one project after another
// (backend, bot, components, …), so the bot's files that start whole servers as child processes
// began two minutes into the run and ended it alone. Here the slowest files go first, whatever
// their project, and the rest follow the longest (or, never run yet, the largest) first, so the
// last minute is short files on every worker.
import { stat } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestSequencer, TestSpecification, Vitest } from 'vitest/node';

/**
 * The files that took 20 s or more on the CI machine, slowest first: they start shops, backups and
 * restores as processes, or walk every call. Only an order: a file missing here runs later.
 */
export const SLOW_TEST_FILES = [
  'bot/src/main.test.ts',
  'bot/src/backup-round-trip.test.ts',
  'bot/src/notifier/durability.test.ts',
  'backend/src/backup/restore-memory.test.ts',
  'backend/src/embedded.test.ts',
  'backend/src/payments/pay.test.ts',
  'bot/src/relay/bad-input-sweep.test.ts',
  'backend/src/auth/auth.test.ts',
  'backend/src/catalog/catalog.test.ts',
  'backend/src/orders/orders.test.ts',
  'bot/src/relay/relay-failures.test.ts',
  'backend/src/http/bad-input-sweep.test.ts',
  'backend/src/backup/restore-refusals.test.ts',
];

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

export class SlowFilesFirst implements TestSequencer {
  constructor(private readonly vitest: Vitest) {}

  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = SLOW_TEST_FILES.indexOf(relative(REPO_ROOT, spec.moduleId));
      return index === -1 ? SLOW_TEST_FILES.length : index;
    };
    const weighed = await Promise.all(
      files.map(async (spec) => {
        const last = this.vitest.cache.getTestSpecificationResult(spec);
        const size = last ? 0 : (await stat(spec.moduleId)).size;
        return {
          spec,
          rank: rank(spec),
          known: last !== undefined,
          weight: last?.duration ?? size,
        };
      }),
    );
    return weighed
      .sort(
        (a, b) =>
          a.rank - b.rank ||
          // Never run here yet first, as vitest does; then the longest or the largest.
          Number(a.known) - Number(b.known) ||
          b.weight - a.weight,
      )
      .map(({ spec }) => spec);
  }

  /** `--shard` as vitest does it (loaded only then: the build reads this file too). */
  async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { BaseSequencer } = await import('vitest/node');
    return new BaseSequencer(this.vitest).shard(files);
  }
}
