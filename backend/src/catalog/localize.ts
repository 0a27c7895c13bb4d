import type { Attribute, Language } from '@shop/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LocalizedText, StoredAttribute } from '../db/schema';

/** `name ->> 'uz'` for a jsonb { uz, ru, en } column. */
export function localizedColumn(column: AnyPgColumn, lang: Language): SQL<string> {
  return sql<string>`(${column} ->> ${lang}::text)`;
}

export function pick(text: LocalizedText, lang: Language): string {
  return text[lang];
}

export function localizeAttributes(
  attributes: readonly StoredAttribute[],
  lang: Language,
): Attribute[] {
  return attributes.map((a) => ({ code: a.code, name: a.name[lang], value: a.value[lang] }));
}
