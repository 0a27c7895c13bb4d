import { callPath } from '@shop/shared';
import { ApiError } from './api-error';
import type { UploadOptions } from './call-types';
import { answerError, parseAnswer, parseJson, type SendDef } from './wire';

/** An upload may take minutes on a slow phone connection; a hung one must still end. */
const UPLOAD_TIMEOUT_MS = 180_000;

/**
 * Sends a multipart body through XMLHttpRequest, which (unlike fetch) reports upload progress;
 * its answer, errors and abort are read as a fetched call's are.
 */
export function xhrUpload(
  def: SendDef,
  headers: Record<string, string>,
  options: UploadOptions,
  createXhr: (() => XMLHttpRequest) | undefined,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = createXhr ? createXhr() : new XMLHttpRequest();
    const onCallerAbort = () => {
      xhr.abort();
    };
    const settle = (outcome: () => unknown) => {
      options.signal?.removeEventListener('abort', onCallerAbort);
      try {
        resolve(outcome());
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const failed = (message: string) => () => {
      throw new ApiError({ code: 'network_error', message, status: 0 });
    };
    xhr.open(def.method, callPath(def.path, undefined));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.timeout = Math.max(UPLOAD_TIMEOUT_MS, def.minTimeoutMs ?? 0);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(1, event.loaded / event.total));
      }
    };
    xhr.onload = () => {
      settle(() => {
        const json = parseJson(xhr.responseText);
        if (xhr.status < 200 || xhr.status >= 300) throw answerError(xhr.status, json);
        return parseAnswer(def, xhr.status, json);
      });
    };
    xhr.onerror = () => {
      settle(failed('Network error'));
    };
    xhr.ontimeout = () => {
      settle(failed('Upload timed out'));
    };
    xhr.onabort = () => {
      settle(() => {
        throw new DOMException('The upload was cancelled', 'AbortError');
      });
    };
    if (options.signal?.aborted) {
      xhr.abort();
      return;
    }
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });
    xhr.send(options.body);
  });
}
