// What one Lighthouse run measured, the medians of a page's runs, and its targets judged on the
// worst run; and the machine's load, which the runs wait on and record.
import { setTimeout as sleep } from 'node:timers/promises';
import { loadavg } from 'node:os';
import type { Result } from 'lighthouse';
import { SETTINGS, TARGETS } from './settings';

export interface Measurement {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Transfer size of every script the page loaded (compressed bytes over the wire). */
  scriptBytes: number;
}

export interface Run extends Measurement {
  /** The accessibility audits that failed (their ids), so a score under 100 says why. */
  accessibilityFailures: string[];
  /**
   * Lighthouse's measure of this machine's CPU at the run (higher is faster; a mid-range phone
   * is about 1000): simulated throttling scales by what the CPU did, so a low one explains a low
   * score.
   */
  benchmarkIndex: number;
  /** The 1-minute load average when the run started and when it ended. */
  loadBefore: number;
  loadAfter: number;
}

const score = (lhr: Result, category: string) =>
  Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

function scriptBytes(lhr: Result): number {
  const details = lhr.audits['network-requests']?.details;
  if (details?.type !== 'table') return Number.NaN;
  return details.items.reduce((total, item) => {
    const size = item.transferSize;
    return item.resourceType === 'Script' && typeof size === 'number' ? total + size : total;
  }, 0);
}

function accessibilityFailures(lhr: Result): string[] {
  const audits = lhr.categories.accessibility?.auditRefs ?? [];
  return audits
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
}

export function runOf(lhr: Result, loadBefore: number): Run {
  return {
    accessibilityFailures: accessibilityFailures(lhr),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    loadBefore,
    loadAfter: oneMinuteLoad(),
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    fcpMs: metric(lhr, 'first-contentful-paint'),
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    tbtMs: metric(lhr, 'total-blocking-time'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    scriptBytes: scriptBytes(lhr),
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

export function medianOf(runs: readonly Measurement[]): Measurement {
  const of = (key: keyof Measurement) => median(runs.map((run) => run[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    scriptBytes: of('scriptBytes'),
  };
}

/** Each target with the worst run's value: met only when every run met it. */
export function targetsOf(runs: readonly Run[]) {
  const worst = (key: keyof Measurement, lowIsBad: boolean) => {
    const values = runs.map((run) => run[key]);
    return lowIsBad ? Math.min(...values) : Math.max(...values);
  };
  const performance = worst('performance', true);
  const tbtMs = Math.round(worst('tbtMs', false));
  const accessibility = worst('accessibility', true);
  const cls = worst('cls', false);
  return {
    performance: {
      target: `>= ${TARGETS.performance}`,
      value: performance,
      met: performance >= TARGETS.performance,
    },
    tbt: { target: `<= ${TARGETS.tbtMs} ms`, value: tbtMs, met: tbtMs <= TARGETS.tbtMs },
    accessibility: {
      target: `= ${TARGETS.accessibility}`,
      value: accessibility,
      met: accessibility >= TARGETS.accessibility,
    },
    cls: { target: `<= ${TARGETS.cls}`, value: cls, met: cls <= TARGETS.cls },
  };
}

export const oneMinuteLoad = () => Math.round((loadavg()[0] ?? Number.NaN) * 100) / 100;

/**
 * Waits until the 1-minute load average is at most SETTINGS.quietLoad (the build and the shop's
 * start have passed, and nothing else is running), or the longest wait is over. Returns whether
 * the machine was quiet.
 */
export async function settle(): Promise<boolean> {
  const deadline = Date.now() + SETTINGS.settleMaxSeconds * 1000;
  let load = oneMinuteLoad();
  console.log(`Waiting for a load average of ${SETTINGS.quietLoad} or less (now ${load}) …`);
  while (load > SETTINGS.quietLoad && Date.now() < deadline) {
    await sleep(5000);
    load = oneMinuteLoad();
  }
  const quiet = load <= SETTINGS.quietLoad;
  console.log(
    quiet
      ? `Quiet: load average ${load}.`
      : `Still busy after ${SETTINGS.settleMaxSeconds} s (load average ${load}): the numbers below are not the code's alone.`,
  );
  return quiet;
}
