// The HTTP pieces the Eskiz stand-in's handlers share: reading the urlencoded form Eskiz takes,
// and answering JSON as Eskiz does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readCappedBody } from '../../../http/stand-in-io';

const MAX_BODY_BYTES = 64 * 1024;

export async function readForm(request: IncomingMessage): Promise<URLSearchParams | null> {
  const body = await readCappedBody(request, MAX_BODY_BYTES);
  if (body === null) return null;
  // Only the urlencoded kind the shop's adapter sends; a form of another kind reads as empty.
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.startsWith('application/x-www-form-urlencoded')) return null;
  return new URLSearchParams(body);
}

export function field(form: URLSearchParams, name: string): string {
  return form.get(name) ?? '';
}

export function answer(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export function unauthorized(response: ServerResponse): void {
  answer(response, 401, { status: 'token-invalid', message: 'Unauthenticated.' });
}
