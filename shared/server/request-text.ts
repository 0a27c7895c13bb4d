// The one rule for text in requests, applied by both servers where bodies are parsed and before
// query and path parameters are read: every string and object key is well-formed Unicode without
// NUL. A lone UTF-16 surrogate (JSON's "\ud800") cannot be stored as UTF-8: PostgreSQL refuses it
// mid-transaction, other paths silently turn it into U+FFFD, and a NUL no text column holds.
// Checking the parsed value, not each schema, covers every field, the next one added included.
import type { FieldError } from '../src/contracts/common';
import { ShopError } from './shop-error';

/** In a `u` regex a surrogate pair is one code point, so only a lone surrogate matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;

function faultOf(text: string): string | null {
  if (text.includes('\u0000')) return 'Must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'Must be well-formed Unicode text';
  return null;
}

interface PathNode {
  value: unknown;
  key: string;
  parent: PathNode | null;
}

/** 'items.0.name' for a node, built only when a fault is found. */
function fieldOf(node: PathNode): string {
  const keys: string[] = [];
  for (let at: PathNode | null = node; at !== null; at = at.parent) keys.push(at.key);
  return keys.reduceRight((path, key) => (path ? `${path}.${key}` : key), '') || '(root)';
}

/**
 * Only what JSON and query parsing make is walked (plain objects, and the query parser's objects
 * whose prototype has none), never a stream's or a Buffer's insides.
 */
function isPlainObject(value: object): boolean {
  const prototype: object | null = Object.getPrototypeOf(value) as object | null;
  return (
    prototype === null ||
    prototype === Object.prototype ||
    Object.getPrototypeOf(prototype) === null
  );
}

/**
 * The strings and keys in `value` that break the rule, at most 10, named by their path. A loop,
 * not recursion: a body nested a few thousand levels deep must not overflow the stack.
 */
export function textFaults(value: unknown, path = ''): FieldError[] {
  const found: FieldError[] = [];
  const stack: PathNode[] = [{ value, key: path, parent: null }];
  for (let node = stack.pop(); node !== undefined && found.length < 10; node = stack.pop()) {
    const current = node.value;
    if (typeof current === 'string') {
      const message = faultOf(current);
      if (message !== null) found.push({ field: fieldOf(node), message });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        stack.push({ value: current[index] as unknown, key: String(index), parent: node });
      }
    } else if (current !== null && typeof current === 'object' && isPlainObject(current)) {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        const message = faultOf(key);
        if (message !== null) found.push({ field: fieldOf(node), message });
      }
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const entry = entries[index];
        if (entry) stack.push({ value: entry[1] as unknown, key: entry[0], parent: node });
      }
    }
  }
  return found;
}

function illFormed(details: FieldError[]): ShopError {
  return new ShopError('validation_error', 'The request is not valid', { details });
}

/** Throws the 400 naming each field of `value` (a body, a query, path parameters) that breaks it. */
export function refuseIllFormedText(value: unknown): void {
  const details = textFaults(value);
  if (details.length > 0) throw illFormed(details);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A body's bytes as text; bytes that are not UTF-8 are refused, not read as U+FFFD. */
export function requestBodyText(raw: Uint8Array): string {
  try {
    return UTF8.decode(raw);
  } catch {
    throw new ShopError('bad_request', 'The request body is not valid UTF-8');
  }
}

type ParserDone = (error: Error | null, body?: unknown) => void;

/**
 * A JSON body parser for Fastify (`parseAs: 'buffer'`) under the rule: the bytes are read as
 * UTF-8, `parse` (the server's own, in Fastify's callback style) reads the text, and a value
 * holding ill-formed text is refused with the 400 before any route sees it.
 */
export function wellFormedJsonParser<R>(
  parse: (request: R, text: string, done: ParserDone) => void,
): (request: R, raw: Uint8Array | string, done: ParserDone) => void {
  return (request, raw, done) => {
    let text: string;
    try {
      // Fastify hands over bytes with `parseAs: 'buffer'`; its types also allow a string.
      text = typeof raw === 'string' ? raw : requestBodyText(raw);
    } catch (error) {
      done(error as Error);
      return;
    }
    parse(request, text, (error, body) => {
      if (error) {
        done(error);
        return;
      }
      const details = textFaults(body);
      if (details.length > 0) done(illFormed(details));
      else done(null, body);
    });
  };
}

/** What installing the JSON body rule needs of a Fastify instance (shared/ has no Fastify). */
export interface JsonBodyParsers<R> {
  getDefaultJsonParser(
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  ): (request: R, text: string, done: ParserDone) => void;
  removeContentTypeParser(contentType: string): unknown;
  addContentTypeParser(
    contentType: string,
    options: { parseAs: 'buffer' },
    parser: (request: R, raw: Uint8Array | string, done: ParserDone) => void,
  ): unknown;
}

/**
 * JSON bodies on every route of `app` read under the rule. Fastify's own parser still does the
 * parsing, for its guard against __proto__ and constructor keys.
 */
export function installWellFormedJsonBodies<R>(app: JsonBodyParsers<R>): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    wellFormedJsonParser(parseJson),
  );
}
