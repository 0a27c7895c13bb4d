// Script-agnostic search text. Shoppers in Uzbekistan type the same word in Uzbek Latin, Uzbek
// Cyrillic, Russian or a Latin transliteration of Russian ("qozon", "қозон", "казан", "kazan"),
// with any of the apostrophes of oʻ/gʻ. Both the stored search documents and the query go
// through the same folding to one lowercase Latin spelling, so the database compares like with
// like; a second, looser form also merges the spellings that differ between the languages.
import type { LocalizedText } from '../db/schema';

// Uzbek Cyrillic and Russian letters to the Uzbek Latin alphabet, with the Uzbek-only letters
// (ў қ ғ ҳ) written as their Latin twins without the apostrophe, which folding drops anyway.
// ж is 'j' as in Uzbek Latin (jun, jigarrang), х is 'x' (xalat), щ is 'sh' (no Uzbek sound).
const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: 'o',
  қ: 'q',
  ғ: 'g',
  ҳ: 'h',
};

// Every mark people type for the Uzbek oʻ/gʻ and the tutuq belgisi (taʼm): ASCII ' and `, the
// curly quotes, the modifier letters ʻ ʼ and the acute and prime signs. Removed, not spaced, so
// "gʻalvir", "g'alvir" and "g’alvir" all become "galvir".
const APOSTROPHES = /['`‘’ʻʼ´′ʹ]/g;
const CYRILLIC = /[\u0400-\u04FF]/g;
const COMBINING_MARKS = /\p{M}+/gu;
const NOT_WORD = /[^a-z0-9]+/g;

/** Lowercase Latin words of `text`, in order: transliterated, apostrophes and accents dropped. */
export function foldWords(text: string): string[] {
  const latin = text
    .normalize('NFC')
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(CYRILLIC, (letter) => CYRILLIC_TO_LATIN[letter] ?? ' ')
    // Latin accents (é, ü, ş) go after the Cyrillic pass: NFD would split й and ё first.
    .normalize('NFD')
    .replace(COMBINING_MARKS, '');
  return latin.split(NOT_WORD).filter((word) => word.length > 0);
}

/**
 * The looser spelling of a folded word, where Uzbek, Russian and transliterated spellings of
 * one word meet: q/k (qozon, kazan), o/a (qozon, kazan; choynak, chaynik), x/kh/h (xalat,
 * khalat, halat), zh/j, a word-initial ye/e (Yevro, Евро → evro), doubled letters (chugunniy,
 * chuguniy). Only for matching: it ranks below the folded spelling.
 */
export function looseWord(word: string): string {
  return word
    .replace(/^ye/, 'e')
    .replace(/kh/g, 'h')
    .replace(/zh/g, 'j')
    .replace(/x/g, 'h')
    .replace(/q/g, 'k')
    .replace(/o/g, 'a')
    .replace(/(.)\1+/g, '$1');
}

/** Words as a search document: unique, space-separated, with a space at both ends. */
function document(words: readonly string[]): string {
  const unique = [...new Set(words)];
  return unique.length === 0 ? '' : ` ${unique.join(' ')} `;
}

export interface SearchDocuments {
  searchName: string;
  searchDescription: string;
  searchLoose: string;
  searchDocument: string;
}

export interface SearchSource {
  name: LocalizedText;
  description: LocalizedText;
  brand: string;
  category: LocalizedText;
}

const texts = (text: LocalizedText): string[] => [text.uz, text.ru, text.en];

/** The search columns of a product, in every language at once: written with the product. */
export function searchDocuments(source: SearchSource): SearchDocuments {
  const nameWords = [...texts(source.name), source.brand, ...texts(source.category)].flatMap(
    foldWords,
  );
  const descriptionWords = texts(source.description).flatMap(foldWords);
  const looseWords = nameWords.map(looseWord);
  return {
    searchName: document(nameWords),
    searchDescription: document(descriptionWords),
    searchLoose: document(looseWords),
    searchDocument: document([...nameWords, ...descriptionWords, ...looseWords]),
  };
}

/** A query word in both spellings the search matches it in. */
export interface QueryWord {
  folded: string;
  loose: string;
}

/** Words shorter than this carry no meaning alone (a stray letter or a size like "l"). */
const MIN_QUERY_WORD = 2;
const MAX_QUERY_WORDS = 6;

export function queryWords(query: string): QueryWord[] {
  const words = foldWords(query).filter((word) => word.length >= MIN_QUERY_WORD);
  return [...new Set(words)]
    .slice(0, MAX_QUERY_WORDS)
    .map((folded) => ({ folded, loose: looseWord(folded) }));
}
