// One request to Eskiz: its status and parsed body, or why no answer came. The caller decides
// what an answer means; this only never throws, so every outcome is a value to branch on.
export type EskizAnswer =
  { answered: true; status: number; body: unknown } | { answered: false; reason: string };

export interface EskizRequest {
  method: 'POST' | 'PATCH';
  token?: string;
  form?: Record<string, string>;
  signal: AbortSignal;
}

export async function callEskiz(url: string, request: EskizRequest): Promise<EskizAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // The token goes only into this header: never into a URL, a log line or an error.
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
  // A urlencoded form, which Eskiz takes as it takes multipart (the Postman examples' kind).
  const body = request.form ? new URLSearchParams(request.form) : undefined;
  try {
    const response = await fetch(url, {
      method: request.method,
      headers,
      body,
      signal: request.signal,
      redirect: 'error',
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      // An HTML error page from a proxy: the status still says what happened.
    }
    return { answered: true, status: response.status, body: parsed };
  } catch (error) {
    if (request.signal.aborted) return { answered: false, reason: 'no answer in time' };
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const code =
      cause instanceof Error && 'code' in cause && typeof cause.code === 'string'
        ? cause.code
        : 'network error';
    return { answered: false, reason: code };
  }
}

/** Settles with `work`, or rejects with `onAbort()` when `signal` fires first. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal, onAbort: () => Error) {
  if (signal.aborted) return Promise.reject(onAbort());
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      reject(onAbort());
    };
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
