import { describe, expect, it } from 'vitest';
import { foldWords, looseWord, queryWords, searchDocuments } from './search-text';

describe('foldWords', () => {
  it('writes Russian and Uzbek Cyrillic in the Uzbek Latin alphabet', () => {
    expect(foldWords('Чугунный казан')).toEqual(['chugunniy', 'kazan']);
    expect(foldWords('Қозон, ўғил, ҳаммом')).toEqual(['qozon', 'ogil', 'hammom']);
    expect(foldWords('Жёлтый щит, съезд, подъём')).toEqual(['jyoltiy', 'shit', 'sezd', 'podyom']);
    expect(foldWords('Чинни пиёла')).toEqual(['chinni', 'piyola']);
  });

  it('drops every apostrophe of oʻ and gʻ, so all spellings meet', () => {
    const spellings = ['Gʻalvir', "G'alvir", 'G’alvir', 'G‘alvir', 'Gʼalvir', 'G`alvir', 'G´alvir'];
    for (const spelling of spellings) expect(foldWords(spelling), spelling).toEqual(['galvir']);
    expect(foldWords('Choʻyan qozon')).toEqual(foldWords("Cho'yan qozon"));
    expect(foldWords('taʼm')).toEqual(['tam']);
  });

  it('lowercases, strips accents and splits on anything but letters and digits', () => {
    expect(foldWords('Café CRÈME-brûlée')).toEqual(['cafe', 'creme', 'brulee']);
    expect(foldWords('140×180 sm, 2,5 l')).toEqual(['140', '180', 'sm', '2', '5', 'l']);
    expect(foldWords('k%n _ 100%')).toEqual(['k', 'n', '100']);
    expect(foldWords('  ')).toEqual([]);
  });
});

describe('looseWord', () => {
  it('merges the spellings that differ between Uzbek, Russian and transliteration', () => {
    expect(looseWord('qozon')).toBe(looseWord('kazan'));
    expect(looseWord('qazan')).toBe(looseWord('kazan'));
    expect(looseWord('xalat')).toBe(looseWord('khalat'));
    expect(looseWord('yevro')).toBe(looseWord('evro'));
    expect(looseWord('chugunniy')).toBe('chuguniy');
    expect(looseWord('choynak')).toBe(looseWord('chaynak'));
  });
});

describe('searchDocuments', () => {
  it('folds names, brand and category of all languages into padded word lists', () => {
    const docs = searchDocuments({
      name: { uz: 'Choʻyan qozon', ru: 'Чугунный казан', en: 'Cast-iron kazan' },
      description: { uz: 'Palov uchun.', ru: 'Для плова.', en: 'For plov.' },
      brand: 'Olov Kitchen',
      category: { uz: 'Pishirish idishlari', ru: 'Посуда', en: 'Cookware' },
    });
    expect(docs.searchName).toBe(
      ' choyan qozon chugunniy kazan cast iron olov kitchen pishirish idishlari posuda cookware ',
    );
    expect(docs.searchDescription).toBe(' palov uchun dlya plova for plov ');
    expect(docs.searchLoose).toContain(' kazan ');
    expect(docs.searchLoose).not.toContain('qozon');
  });
});

describe('queryWords', () => {
  it('keeps distinct words of two letters or more, at most six', () => {
    expect(queryWords('Kazan  kazan l 8')).toEqual([{ folded: 'kazan', loose: 'kazan' }]);
    expect(queryWords('a b c')).toEqual([]);
    expect(queryWords('one two three four five six seven').map((w) => w.folded)).toEqual([
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
    ]);
  });
});
