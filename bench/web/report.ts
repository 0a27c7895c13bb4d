// What the storefront benchmark prints (the medians per page, each target on the worst run, the
// machine's load) and the results file it writes.
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { RESULTS_DIR } from '../settings';
import { median, targetsOf, type Measurement, type Run } from './measurements';
import { SETTINGS, TARGETS, type PageToMeasure } from './settings';

export interface PageResult {
  page: PageToMeasure;
  runs: Run[];
  median: Measurement;
}

function printTable(rows: readonly PageResult[]) {
  const header = [
    'page',
    'perf',
    'a11y',
    'best-pr',
    'FCP s',
    'LCP s',
    'TBT ms',
    'CLS',
    'JS KB',
    'bench idx',
    'load',
  ];
  const lines = rows.map(({ page, median: m, runs }) => [
    page.name,
    String(m.performance),
    String(m.accessibility),
    String(m.bestPractices),
    (m.fcpMs / 1000).toFixed(2),
    (m.lcpMs / 1000).toFixed(2),
    String(Math.round(m.tbtMs)),
    m.cls.toFixed(3),
    (m.scriptBytes / 1024).toFixed(1),
    String(median(runs.map((run) => run.benchmarkIndex))),
    Math.max(...runs.map((run) => Math.max(run.loadBefore, run.loadAfter))).toFixed(2),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: readonly string[]) =>
    cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  console.log(
    `\nLighthouse ${SETTINGS.runs} run(s) per page, medians (mobile preset); bench idx: the median benchmarkIndex, load: the highest 1-minute load average seen in the runs:`,
  );
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

type JudgedPage = PageResult['page'] & {
  median: Measurement;
  runs: Run[];
  targets: ReturnType<typeof targetsOf>;
};

/** Prints each page's targets on its worst run; answers the ones missed, each with why. */
function printTargets(pages: readonly JudgedPage[]): string[] {
  console.log(`\nTargets, held by every run (the worst run's value):`);
  for (const page of pages) {
    const cells = Object.entries(page.targets).map(
      ([name, target]) =>
        `${name} ${String(target.value)} (${target.target}) ${target.met ? 'met' : 'MISSED'}`,
    );
    console.log(`  ${page.name.padEnd(8)} ${cells.join(', ')}`);
  }
  const missed = pages.flatMap((page) =>
    Object.entries(page.targets)
      .filter(([, target]) => !target.met)
      .map(([name, target]) => {
        const failing = [...new Set(page.runs.flatMap((run) => run.accessibilityFailures))];
        const why = name === 'accessibility' ? `; failing audits: ${failing.join(', ')}` : '';
        return `${page.name}: ${name} ${String(target.value)} (target ${target.target})${why}`;
      }),
  );
  console.log(
    missed.length === 0
      ? `\nAll targets met (performance >= ${TARGETS.performance}, TBT <= ${TARGETS.tbtMs} ms, accessibility 100, CLS <= 0.02 in every run on every page).`
      : `\nTargets MISSED:\n${missed.map((line) => `  - ${line}`).join('\n')}`,
  );
  return missed;
}

export async function report(results: PageResult[], quiet: boolean): Promise<void> {
  printTable(results);
  const pages: JudgedPage[] = results.map(({ page, runs, median: m }) => ({
    name: page.name,
    path: page.path,
    median: m,
    runs,
    targets: targetsOf(runs),
  }));
  const missed = printTargets(pages);
  const load = loadavg();
  console.log(
    `Load average ${load.map((value) => value.toFixed(2)).join(' ')} on ${cpus().length} cores now; ` +
      (quiet
        ? `the runs started on a quiet machine (load <= ${SETTINGS.quietLoad}).`
        : `the machine never got quiet (load <= ${SETTINGS.quietLoad}): simulated throttling scales with the CPU left, so these scores are not the code's alone.`),
  );
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, 'web.json');
  await writeFile(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        lighthouse: 'mobile preset, simulated throttling',
        runsPerPage: SETTINGS.runs,
        machine: { cores: cpus().length, loadAverage: load, quietBeforeRuns: quiet },
        targets: TARGETS,
        allTargetsMet: missed.length === 0,
        pages,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Wrote ${file}`);
}
