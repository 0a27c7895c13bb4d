import type { Attribute, Language } from '@shop/shared';
import type { LocalizedText, StoredAttribute } from '../db/schema';

export function pick(text: LocalizedText, lang: Language): string {
  return text[lang];
}

export function localizeAttributes(
  attributes: readonly StoredAttribute[],
  lang: Language,
): Attribute[] {
  return attributes.map((a) => ({ code: a.code, name: a.name[lang], value: a.value[lang] }));
}
