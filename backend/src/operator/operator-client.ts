// How the operator's commands (`pnpm order:status`, `pnpm payments:report`, `pnpm order:refunded`)
// reach the running backend: embedded PGlite is one process, so a command cannot open the
// database itself and asks through an operator call. The backend is found in DATA_DIR (the URL
// the backend wrote at its start and the operator secret), or in BACKEND_URL and OPERATOR_SECRET
// for a backend running elsewhere.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { OPERATOR_SECRET_HEADER } from '@shop/shared';
import { BACKEND_URL_FILE, DEFAULT_DATA_DIR, OPERATOR_SECRET_FILE } from '../api-key';

export interface CommandIo {
  env: Readonly<Record<string, string | undefined>>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** How long to wait for the backend (10 s by default). */
  timeoutMs?: number;
}

async function readTrimmed(file: string): Promise<string | null> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return text.length > 0 ? text : null;
  } catch {
    return null;
  }
}

export type BackendTarget = { url: string; secret: string } | { problem: string };

/** Where the running backend listens and its operator secret, or what is missing. */
export async function findBackend(env: CommandIo['env']): Promise<BackendTarget> {
  const url = env.BACKEND_URL?.trim();
  const secret = env.OPERATOR_SECRET?.trim();
  if (url) {
    if (!secret) return { problem: 'BACKEND_URL is set but OPERATOR_SECRET is not: set both.' };
    return { url, secret };
  }
  const dataDir = resolve(env.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
  const written = await readTrimmed(join(dataDir, BACKEND_URL_FILE));
  if (written === null) {
    return {
      problem: `The shop does not seem to be running: ${join(dataDir, BACKEND_URL_FILE)} is missing. Start it with \`pnpm start\` (same DATA_DIR), or set BACKEND_URL and OPERATOR_SECRET.`,
    };
  }
  const fileSecret = secret || (await readTrimmed(join(dataDir, OPERATOR_SECRET_FILE)));
  if (fileSecret === null) {
    return {
      problem: `No operator secret: ${join(dataDir, OPERATOR_SECRET_FILE)} is missing (it is made at the shop's start), and OPERATOR_SECRET is not set.`,
    };
  }
  return { url: written, secret: fileSecret };
}

export interface OperatorReply {
  /** The backend's URL without a trailing slash, for messages. */
  base: string;
  status: number;
  ok: boolean;
  /** The answer's JSON, or undefined when it is not JSON. */
  body: unknown;
}

/**
 * Makes an operator call to the running backend. Answers null when there was no answer to read
 * (no backend found, nothing answered, the secret refused), having told the operator why.
 */
export async function callOperator(
  io: CommandIo,
  path: string,
  request: { method: 'GET' | 'POST'; body?: unknown },
): Promise<OperatorReply | null> {
  const target = await findBackend(io.env);
  if ('problem' in target) {
    io.err(target.problem);
    return null;
  }
  const base = target.url.replace(/\/+$/, '');
  const headers: Record<string, string> = { [OPERATOR_SECRET_HEADER]: target.secret };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(io.timeoutMs ?? 10_000),
    });
  } catch (error) {
    const why =
      error instanceof Error && error.name === 'TimeoutError'
        ? 'it did not answer'
        : 'nothing answered';
    io.err(`Could not reach the shop at ${base} (${why}). Is it running?`);
    return null;
  }
  const text = await response.text();
  if (response.status === 401) {
    io.err(`The shop at ${base} refused the operator secret. Check OPERATOR_SECRET or DATA_DIR.`);
    return null;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { base, status: response.status, ok: response.ok, body };
}
