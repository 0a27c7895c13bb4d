// The benchmarks' own environment settings: each reads its knobs here, nothing else reads them.
// And where they run: the repository's root, and the folder their results are written to.
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
/** bench/results/ (its JSON files are not committed). */
export const RESULTS_DIR = fileURLToPath(new URL('results/', import.meta.url));

/** A whole number of at least 1 from the environment variable `name`, else `fallback`. */
export function positiveIntegerFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** A number of at least 0 from the environment variable `name`, else `fallback`. */
export function nonNegativeNumberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a number of 0 or more`);
  return value;
}
