// `pnpm bench:scale`: how far one shop scales. The built shop (`pnpm start:cluster`, the proxy in
// front) with 1, 2 and 3 instances on one PostgreSQL and one Redis, each step on a fresh scratch
// database, under mixed load: browsing with autocannon, and shoppers who sign in by SMS code and
// place pickup orders. Then the largest step again with one instance SIGKILLed half-way: which
// requests failed and why, whether any acknowledged order is missing from the database or placed
// twice, and whether the staff chat got each order's card exactly once (the bot on webhooks
// against a local stand-in of the Bot API). A benchmark: it prints and records, it never fails.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { report } from './scale/report';
import { ONLY, SECONDS, STEPS } from './scale/settings';
import { step, type StepRow } from './scale/step';
import { REPO_ROOT } from './settings';

async function main(): Promise<void> {
  for (const bundle of ['bot/dist/main.mjs', 'backend/dist/main.mjs', 'webapp/dist/index.html']) {
    if (!existsSync(join(REPO_ROOT, bundle))) {
      throw new Error('Run `pnpm build` first: the scale bench runs the built shop.');
    }
  }
  const rows: StepRow[] = [];
  if (ONLY !== 'kill') {
    for (const instances of STEPS) {
      console.log(`step: ${String(instances)} instance(s), ${String(SECONDS)} s`);
      rows.push(await step(instances, false));
    }
  }
  if (ONLY !== 'steps') {
    const instances = Math.max(2, ...STEPS);
    console.log(
      `kill run: ${String(instances)} instances, one SIGKILLed after ${String(SECONDS / 2)} s`,
    );
    rows.push(await step(instances, true));
  }

  await report(rows);
}

await main();
