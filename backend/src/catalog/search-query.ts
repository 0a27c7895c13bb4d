// Product search over the folded search documents (see search-text.ts). Every query word must
// match a product, in one of four ways, best first:
//   exact  – a whole word of the names or the description ('kazan' in "cast iron kazan");
//   prefix – the start of a word there ('kastr' in "kastryulka");
//   loose  – a word start once q/k, o/a, x/h spellings are merged ('kazan' ~ "qozon");
//   fuzzy  – a typo of a word of the names: pg_trgm word_similarity of at least FUZZY_SIMILARITY
//            to a word of the search_words vocabulary ('porcelan' ~ "porcelain"), for words of
//            FUZZY_MIN_LENGTH letters or more; or, for a short word, a vocabulary word it is
//            with one letter dropped ('krslo' ~ "kreslo").
// A product ranks by its weakest word, then by how many words hit its names, then (typos only)
// by similarity, by popularity, and by id so equal products keep a stable order.
//
// Candidates come from one trigram-indexed column, one LIKE per spelling, all words in one index
// scan; an OR across columns would make the planner scan and test every product. Typos are
// corrected only when the other kinds leave the page short: a typo match always ranks below
// them, so the answer is the same, and the common case makes no similarity test at all.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { queryRows, sqlList } from '../db/raw-rows';
import type { QueryWord } from './search-text';

/**
 * Keeps one-letter typos of real words ('porcelan' 0.78, 'chini' 0.83, 'kazn' 0.6 against their
 * words) and drops keyboard noise ('asdfgh' 0.29, 'zzqqxx' 0). It equals pg_trgm's default
 * word_similarity_threshold, which the index condition (<%) uses; the explicit check below keeps
 * the rule ours even on a server configured otherwise.
 */
const FUZZY_SIMILARITY = 0.6;
/** Shorter words share too many trigrams with unrelated words ('mug' ~ 'mum') to guess typos;
 * the vocabulary holds no shorter words either (drizzle/0003). */
const FUZZY_MIN_LENGTH = 4;
/** Merging doubled letters can shrink noise to almost nothing ('ааааа' → 'a'), which would be a
 * prefix of half the catalogue; such a loose spelling is not used. */
const LOOSE_MIN_LENGTH = 3;
/** Corrections tried per query word, the most similar first. */
const MAX_CORRECTIONS = 8;
/**
 * A letter dropped from a short word leaves too few trigrams in common ('krslo' ~ "kreslo" 0.44,
 * 'chynak' ~ "choynak" 0.5), so in this length range a query word also corrects to any
 * vocabulary word it is with one letter put back. Longer words keep enough trigrams ('porcelan'
 * 0.78); four letters with one put back fit too many words ('pata' → 20 products, not 1).
 */
const DROPPED_LETTER_LENGTH = { min: 5, max: 8 };

const IdRowSchema = z.object({ id: z.number().int() });
const CorrectionRowSchema = z.object({
  position: z.number().int(),
  word: z.string(),
  similarity: z.number(),
});

interface Correction {
  word: string;
  similarity: number;
}

const like = (column: SQL, pattern: string) => sql`${column} like ${`%${pattern}%`}`;
const name = sql`p.search_name`;
const description = sql`p.search_description`;

/** The conditions of one query word over product `p`. Folded and vocabulary words are [a-z0-9]
 * only: no LIKE wildcard to escape. */
function wordTerms(word: QueryWord, corrections: readonly Correction[], correctedOnly = false) {
  const useLoose = word.loose.length >= LOOSE_MIN_LENGTH;
  const loosePrefix = useLoose ? like(sql`p.search_loose`, ` ${word.loose}`) : sql`false`;
  const starts = [
    ...(correctedOnly
      ? []
      : [` ${word.folded}`, ...(useLoose && word.loose !== word.folded ? [` ${word.loose}`] : [])]),
    ...corrections.map((c) => ` ${c.word} `),
  ];
  // Most similar first, so the first hit of the CASE is the best correction of the product.
  const corrected = corrections.map((c) => ({
    test: like(name, ` ${c.word} `),
    similarity: c.similarity,
  }));
  return {
    /** All on search_document: one trigram index scan answers every word at once. */
    candidates: sql`(${sql.join(
      starts.map((start) => like(sql`p.search_document`, start)),
      sql` or `,
    )})`,
    /** 3 exact, 2 prefix, 1 loose, -1 none. A CASE stops at the first true branch, so a usual
     * match costs one or two LIKEs. */
    kind: sql`case
      when ${like(name, ` ${word.folded} `)} then 3
      when ${like(name, ` ${word.folded}`)} then (case when ${like(description, ` ${word.folded} `)} then 3 else 2 end)
      when ${like(description, ` ${word.folded} `)} then 3
      when ${like(description, ` ${word.folded}`)} then 2
      when ${loosePrefix} then 1
      else -1 end`,
    nameHit: sql`(case when ${like(name, ` ${word.folded}`)} or ${loosePrefix} then 1 else 0 end)`,
    /** Typo pass: 1 the names match (corrected, prefix or loose), 0 only the description does,
     * -1 nothing; corrections are tested first, as they are what this pass is for. */
    typoHit: sql`case
      ${
        corrected.length > 0
          ? sql`when ${sql.join(
              corrected.map((c) => c.test),
              sql` or `,
            )} then 1`
          : sql``
      }
      when ${like(name, ` ${word.folded}`)} or ${loosePrefix} then 1
      when ${like(description, ` ${word.folded}`)} then 0
      else -1 end`,
    similarity:
      corrected.length > 0
        ? sql`case ${sql.join(
            corrected.map((c) => sql`when ${c.test} then ${c.similarity}::real`),
            sql` `,
          )} else 0::real end`
        : sql`0::real`,
  };
}

export interface SearchQuery {
  words: readonly QueryWord[];
  categoryIds: readonly number[];
  limit: number;
}

const columnOf = (prefix: string, i: number) => sql.raw(`${prefix}${i}`);

function inScope(q: SearchQuery): SQL {
  return sql`p.active and p.price is not null
    and p.category_id in (${sqlList(q.categoryIds)})`;
}

/** `part(0) separator part(1) …` for each query word. */
const each = (count: number, part: (i: number) => SQL, separator: string): SQL =>
  sql.join(
    Array.from({ length: count }, (_, i) => part(i)),
    sql.raw(separator),
  );

/**
 * The candidates every word's terms find in scope (and `extraScope`), ranked by `columns`, kept by
 * `keep`, in `order`. MATERIALIZED: the ranking columns are computed once per candidate; inlined,
 * PostgreSQL would evaluate the LIKEs again for the filter and for each sort key.
 */
function rankedStatement(
  q: SearchQuery,
  terms: readonly { candidates: SQL }[],
  columns: readonly SQL[],
  extraScope: SQL,
  rank: { keep: SQL; order: SQL; limit: number },
): SQL {
  return sql`
    with ranked as materialized (
      select p.id, p.popularity${sql.join([...columns], sql``)}
      from products p
      where ${sql.join(
        terms.map((term) => term.candidates),
        sql` and `,
      )} and ${inScope(q)}${extraScope}
    )
    select id from ranked
    where ${rank.keep}
    order by ${rank.order}
    limit ${rank.limit}`;
}

/** Exact, prefix and loose matches, best first. */
function wordStatement(q: SearchQuery): SQL {
  const terms = q.words.map((word) => wordTerms(word, []));
  const columns = terms.map(
    (term, i) => sql`, ${term.kind} as ${columnOf('k', i)}, ${term.nameHit} as ${columnOf('h', i)}`,
  );
  const words = terms.length;
  return rankedStatement(q, terms, columns, sql``, {
    keep: each(words, (i) => sql`${columnOf('k', i)} > 0`, ' and '),
    order: sql`least(${each(words, (i) => columnOf('k', i), ', ')}) desc,
      (${each(words, (i) => columnOf('h', i), ' + ')}) desc, popularity desc, id`,
    limit: q.limit,
  });
}

/**
 * The products a typo correction adds to `found` (the word matches): all of them rank below
 * those, so the answer is `found` followed by these, by name hits, similarity, popularity, id.
 */
function typoStatement(
  q: SearchQuery,
  corrections: readonly (readonly Correction[])[],
  found: readonly number[],
): SQL {
  // One word: whatever its own spelling matches is in `found` already, so only the corrections
  // can add products (and the lossy trigram scans of a misspelt word are not repeated).
  const single = q.words.length === 1;
  const terms = q.words.map((word, i) => wordTerms(word, corrections[i] ?? [], single));
  const columns = terms.map(
    (term, i) =>
      sql`, ${term.typoHit} as ${columnOf('h', i)}, ${term.similarity} as ${columnOf('s', i)}`,
  );
  const notFound = found.length > 0 ? sql` and p.id not in (${sqlList(found)})` : sql``;
  const words = terms.length;
  return rankedStatement(q, terms, columns, notFound, {
    keep: each(words, (i) => sql`${columnOf('h', i)} >= 0`, ' and '),
    order: sql`(${each(words, (i) => columnOf('h', i), ' + ')}) desc,
      (${each(words, (i) => columnOf('s', i), ' + ')}) desc, popularity desc, id`,
    limit: q.limit - found.length,
  });
}

/** LIKE patterns of the words `word` is with one letter dropped: 'krslo' → '_krslo', 'k_rslo', …
 * Folded words are [a-z0-9] only, so `_` is the one wildcard in them. */
function droppedLetterPatterns(word: string): string[] {
  return Array.from({ length: word.length + 1 }, (_, i) => `${word.slice(0, i)}_${word.slice(i)}`);
}

/** The vocabulary words each query word may be a typo of, most similar first. */
async function corrections(db: Db, words: readonly QueryWord[]): Promise<Correction[][]> {
  const lookups = words.flatMap((word, position) => {
    if (word.folded.length < FUZZY_MIN_LENGTH) return [];
    const similar = sql`(select ${position}::int as position, word,
              word_similarity(${word.folded}, word)::float8 as similarity
            from search_words
            where ${word.folded} <% word and word_similarity(${word.folded}, word) >= ${FUZZY_SIMILARITY}
            order by 3 desc, word
            limit ${MAX_CORRECTIONS})`;
    const length = word.folded.length;
    if (length < DROPPED_LETTER_LENGTH.min || length > DROPPED_LETTER_LENGTH.max) return [similar];
    const patterns = droppedLetterPatterns(word.folded).map((pattern) => sql`word like ${pattern}`);
    const dropped = sql`(select ${position}::int as position, word,
              word_similarity(${word.folded}, word)::float8 as similarity
            from search_words
            where length(word) = ${length + 1} and (${sql.join(patterns, sql` or `)})
            order by 3 desc, word
            limit ${MAX_CORRECTIONS})`;
    return [similar, dropped];
  });
  const found = words.map((): Correction[] => []);
  if (lookups.length === 0) return found;
  const rows = await queryRows(db, sql.join(lookups, sql` union all `), CorrectionRowSchema);
  // Both lookups may name one word; the best corrections are kept, most similar first.
  rows.sort((a, b) => b.similarity - a.similarity || (a.word < b.word ? -1 : 1));
  for (const row of rows) {
    const list = found[row.position];
    if (!list || list.length >= MAX_CORRECTIONS || list.some((c) => c.word === row.word)) continue;
    list.push({ word: row.word, similarity: row.similarity });
  }
  return found;
}

/** Ids of the best matches, best first. */
export async function runSearch(db: Db, q: SearchQuery): Promise<number[]> {
  if (q.words.length === 0 || q.categoryIds.length === 0) return [];
  const found = (await queryRows(db, wordStatement(q), IdRowSchema)).map((row) => row.id);
  if (found.length >= q.limit) return found;
  const fixes = await corrections(db, q.words);
  if (fixes.every((list) => list.length === 0)) return found;
  const typos = await queryRows(db, typoStatement(q, fixes, found), IdRowSchema);
  return [...found, ...typos.map((row) => row.id)];
}
