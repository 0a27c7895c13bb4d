import {
  HEADERS,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  isLanguage,
  parseAccountTypeHeader,
  type AccountType,
  type FieldError,
  type Language,
} from '@shop/shared';
import type { FastifyRequest } from 'fastify';

export type HeaderResult<T> = { ok: true; value: T } | { ok: false; error: FieldError };

/** x-lang: uz | ru | en; missing means the store's default language. */
export function readLanguage(request: FastifyRequest): HeaderResult<Language> {
  const raw = request.headers[HEADERS.language];
  if (raw === undefined || raw === '') return { ok: true, value: DEFAULT_LANGUAGE };
  if (isLanguage(raw)) return { ok: true, value: raw };
  return {
    ok: false,
    error: { field: HEADERS.language, message: `Must be one of ${LANGUAGES.join(', ')}` },
  };
}

/** x-account-type: individual | legal; missing or the client's initial "null" means individual. */
export function readAccountType(request: FastifyRequest): HeaderResult<AccountType> {
  const value = parseAccountTypeHeader(request.headers[HEADERS.accountType]);
  if (value !== null) return { ok: true, value };
  return {
    ok: false,
    error: { field: HEADERS.accountType, message: 'Must be individual, legal or null' },
  };
}

export function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9_-]{16,200})$/.exec(header.trim());
  return match?.[1] ?? null;
}
