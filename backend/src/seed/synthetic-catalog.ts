// A large made-up catalogue for the benchmark (bench/catalog.bench.ts): departments and leaf
// categories, brands, products named in uz/ru/en from a home-goods vocabulary, colour and size
// variants with stock, and the same derived columns the demo seed writes. Deterministic for a
// given seed, so runs compare. The texts are plausible, not grammatical (Russian adjectives
// ignore gender): they exist to give search and facets realistic words and spreads.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  attributeValues,
  attributes,
  brands,
  categories,
  productImages,
  products,
  variants,
  type LocalizedText,
  type StoredAttribute,
} from '../db/schema';
import { searchDocuments } from '../catalog/search-text';
import { PRODUCT_IMAGE_SIZE, type DrawingKind } from '../media/drawings';
import type { BuiltCatalog } from './catalog-seed';
import { t } from './localized';
import { createPrng, randomIntBetween } from './prng';
import {
  ATTRIBUTE_NAMES,
  ATTRIBUTE_ORDER,
  COLORS,
  compareSizeCodes,
  sizeCode,
  type ColorKey,
} from './taxonomy';

interface Noun {
  name: LocalizedText;
  kind: DrawingKind;
}

const NOUNS: readonly Noun[] = [
  { name: t('qozon', 'казан', 'kazan'), kind: 'kazan' },
  { name: t('tova', 'сковорода', 'frying pan'), kind: 'pan' },
  { name: t('kastryulka', 'кастрюля', 'saucepan'), kind: 'pot' },
  { name: t('choynak', 'чайник', 'kettle'), kind: 'kettle' },
  { name: t('krujka', 'кружка', 'mug'), kind: 'mug' },
  { name: t('likopcha', 'тарелка', 'plate'), kind: 'plate' },
  { name: t('lagan', 'ляган', 'serving platter'), kind: 'plate' },
  { name: t('piyola', 'пиала', 'tea bowl'), kind: 'piyola' },
  { name: t('stakan', 'стакан', 'tumbler'), kind: 'glass' },
  { name: t('kosa', 'миска', 'bowl'), kind: 'bowl' },
  { name: t('fartuk', 'фартук', 'apron'), kind: 'apron' },
  { name: t('dasturxon', 'скатерть', 'tablecloth'), kind: 'tablecloth' },
  { name: t('qoʻlqop', 'прихватка', 'oven mitt'), kind: 'mitt' },
  { name: t('pichoq', 'нож', 'knife'), kind: 'knife' },
  { name: t('taxta', 'доска', 'chopping board'), kind: 'board' },
  { name: t('banka', 'банка', 'jar'), kind: 'jar' },
  { name: t('konteyner', 'контейнер', 'container'), kind: 'container' },
  { name: t('sochiq', 'полотенце', 'towel'), kind: 'towel' },
  { name: t('xalat', 'халат', 'bathrobe'), kind: 'robe' },
  { name: t('dispenser', 'дозатор', 'dispenser'), kind: 'dispenser' },
  { name: t('gilamcha', 'коврик', 'mat'), kind: 'rug' },
  { name: t('parda', 'штора', 'curtain'), kind: 'curtain' },
  { name: t('koʻzgu', 'зеркало', 'mirror'), kind: 'mirror' },
  { name: t('choyshab', 'простыня', 'sheet'), kind: 'bedding' },
  { name: t('yostiq', 'подушка', 'pillow'), kind: 'pillow' },
  { name: t('adyol', 'одеяло', 'blanket'), kind: 'blanket' },
  { name: t('koʻrpa', 'курпа', 'quilt'), kind: 'blanket' },
  { name: t('chiroq', 'светильник', 'lamp'), kind: 'lamp' },
  { name: t('qandil', 'люстра', 'chandelier'), kind: 'pendant' },
  { name: t('girlyanda', 'гирлянда', 'string lights'), kind: 'garland' },
  { name: t('guldon', 'ваза', 'vase'), kind: 'vase' },
  { name: t('yostiqcha', 'подушка декоративная', 'cushion'), kind: 'cushion' },
  { name: t('sham', 'свеча', 'candle'), kind: 'candle' },
  { name: t('soat', 'часы', 'clock'), kind: 'clock' },
  { name: t('ramka', 'рамка', 'photo frame'), kind: 'frame' },
  { name: t('savat', 'корзина', 'basket'), kind: 'basket' },
  { name: t('quti', 'коробка', 'box'), kind: 'box' },
  { name: t('javon', 'полка', 'shelf'), kind: 'shelf' },
  { name: t('ilgich', 'вешалка', 'hanger'), kind: 'hanger' },
  { name: t('stul', 'стул', 'chair'), kind: 'chair' },
  { name: t('kursi', 'табурет', 'stool'), kind: 'stool' },
  { name: t('kreslo', 'кресло', 'armchair'), kind: 'armchair' },
  { name: t('shvabra', 'швабра', 'mop'), kind: 'mop' },
  { name: t('supurgi', 'веник', 'broom'), kind: 'broom' },
  { name: t('quritgich', 'сушилка', 'drying rack'), kind: 'rack' },
  { name: t('gel', 'гель', 'gel'), kind: 'bottle' },
  { name: t('salfetka', 'салфетка', 'napkin'), kind: 'roll' },
  { name: t('gilam', 'ковёр', 'rug'), kind: 'rug' },
];

const ADJECTIVES: readonly LocalizedText[] = [
  t('choʻyan', 'чугунный', 'cast-iron'),
  t('chinni', 'фарфоровый', 'porcelain'),
  t('keramik', 'керамический', 'ceramic'),
  t('shisha', 'стеклянный', 'glass'),
  t('yogʻoch', 'деревянный', 'wooden'),
  t('bambuk', 'бамбуковый', 'bamboo'),
  t('paxta', 'хлопковый', 'cotton'),
  t('zigʻir', 'льняной', 'linen'),
  t('jun', 'шерстяной', 'wool'),
  t('ipak', 'шёлковый', 'silk'),
  t('zanglamaydigan', 'нержавеющий', 'stainless'),
  t('emallangan', 'эмалированный', 'enamel'),
  t('rotang', 'ротанговый', 'rattan'),
  t('metall', 'металлический', 'metal'),
  t('maxrali', 'махровый', 'terry'),
  t('yumshoq', 'мягкий', 'soft'),
  t('katta', 'большой', 'large'),
  t('ixcham', 'компактный', 'compact'),
  t('klassik', 'классический', 'classic'),
  t('naqshli', 'узорчатый', 'patterned'),
];

const SERIES: readonly LocalizedText[] = [
  t('Samarqand', 'Самарканд', 'Samarkand'),
  t('Buxoro', 'Бухара', 'Bukhara'),
  t('Xiva', 'Хива', 'Khiva'),
  t('Fargʻona', 'Фергана', 'Fergana'),
  t('Qoʻqon', 'Коканд', 'Kokand'),
  t('Andijon', 'Андижан', 'Andijan'),
  t('Namangan', 'Наманган', 'Namangan'),
  t('Termiz', 'Термез', 'Termez'),
  t('Nukus', 'Нукус', 'Nukus'),
  t('Navoiy', 'Навои', 'Navoi'),
  t('Urganch', 'Ургенч', 'Urgench'),
  t('Jizzax', 'Джизак', 'Jizzakh'),
];

const DEPARTMENTS: readonly { slug: string; name: LocalizedText; legalOnly?: boolean }[] = [
  { slug: 'kitchen', name: t('Oshxona', 'Кухня', 'Kitchen') },
  { slug: 'table', name: t('Dasturxon', 'Сервировка', 'Table') },
  { slug: 'bathroom', name: t('Hammom', 'Ванная', 'Bathroom') },
  { slug: 'bedroom', name: t('Yotoqxona', 'Спальня', 'Bedroom') },
  { slug: 'living-room', name: t('Mehmonxona', 'Гостиная', 'Living room') },
  { slug: 'lighting', name: t('Yoritish', 'Освещение', 'Lighting') },
  { slug: 'decor', name: t('Dekor', 'Декор', 'Decor') },
  { slug: 'storage', name: t('Saqlash', 'Хранение', 'Storage') },
  { slug: 'furniture', name: t('Mebel', 'Мебель', 'Furniture') },
  { slug: 'cleaning', name: t('Tozalash', 'Уборка', 'Cleaning') },
  { slug: 'kids', name: t('Bolalar xonasi', 'Детская', 'Kids’ room') },
  { slug: 'horeca', name: t('HoReCa', 'HoReCa', 'HoReCa'), legalOnly: true },
];
export const LEAVES_PER_DEPARTMENT = 8;

const SIZE_FAMILIES: readonly (readonly LocalizedText[])[] = [
  ['S', 'M', 'L', 'XL'].map((s) => t(s, s, s)),
  [
    t('1,5 kishilik', '1,5-спальный', 'Single'),
    t('2 kishilik', '2-спальный', 'Double'),
    t('Yevro', 'Евро', 'King'),
  ],
  ['20', '24', '26', '28', '30', '40'].map((n) => t(`${n} sm`, `${n} см`, `${n} cm`)),
  ['1', '2', '3', '5', '8', '12'].map((n) => t(`${n} l`, `${n} л`, `${n} l`)),
  ['50×70', '70×140', '140×200', '160×230', '200×220'].map((n) =>
    t(`${n} sm`, `${n} см`, `${n} cm`),
  ),
];

const EXTRA_SENTENCES: readonly LocalizedText[] = [
  t(
    'Idish yuvish mashinasida yuvish mumkin.',
    'Можно мыть в посудомоечной машине.',
    'Dishwasher safe.',
  ),
  t('Oʻzbekistonda ishlab chiqarilgan.', 'Сделано в Узбекистане.', 'Made in Uzbekistan.'),
  t('Kafolat 12 oy.', 'Гарантия 12 месяцев.', '12-month warranty.'),
  t('Sovgʻa qutisida.', 'В подарочной коробке.', 'Comes in a gift box.'),
  t('Oilaviy dasturxon uchun.', 'Для семейного стола.', 'Made for the family table.'),
  t('Yengil va mustahkam.', 'Лёгкий и прочный.', 'Light and sturdy.'),
  t('Har kuni foydalanish uchun.', 'На каждый день.', 'For everyday use.'),
  t('Mehmonlar uchun ajoyib tanlov.', 'Отличный выбор для гостей.', 'A fine choice for guests.'),
];

const SYLLABLES = ['nur', 'bog', 'dil', 'oy', 'kun', 'yor', 'tosh', 'sam', 'zar', 'gul', 'may'];

function pick<T>(next: () => number, list: readonly T[]): T {
  const item = list[Math.floor(next() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function pickSome<T>(next: () => number, list: readonly T[], count: number): T[] {
  const pool = [...list];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) {
    chosen.push(...pool.splice(Math.floor(next() * pool.length), 1));
  }
  return chosen;
}

export interface SyntheticOptions {
  products: number;
  brands?: number;
  seed?: number;
}

/** Rows of a made-up catalogue of `options.products` products; ids start at 1 in every table. */
export function buildSyntheticCatalog(options: SyntheticOptions): BuiltCatalog {
  const next = createPrng(options.seed ?? 2026);
  const catalog: BuiltCatalog = {
    categories: [],
    brands: [],
    attributes: ATTRIBUTE_ORDER.map((code, position) => ({
      code,
      name: ATTRIBUTE_NAMES[code],
      position,
    })),
    attributeValues: [],
    products: [],
    variants: [],
    images: [],
  };
  const leaves: { id: number; noun: Noun; name: LocalizedText }[] = [];
  DEPARTMENTS.forEach((department, d) => {
    const id = d + 1;
    catalog.categories.push({
      id,
      slug: department.slug,
      parentId: null,
      name: department.name,
      legalOnly: department.legalOnly ?? false,
      position: d,
      icon: 'box',
      color: '#3F6FB5',
    });
    for (let i = 0; i < LEAVES_PER_DEPARTMENT; i += 1) {
      const noun = NOUNS[(d * LEAVES_PER_DEPARTMENT + i) % NOUNS.length] ?? NOUNS[0];
      if (!noun) throw new Error('No nouns');
      const leafId = DEPARTMENTS.length + d * LEAVES_PER_DEPARTMENT + i + 1;
      const name = t(
        `${noun.name.uz} (${department.name.uz})`,
        `${noun.name.ru} (${department.name.ru})`,
        `${noun.name.en} (${department.name.en})`,
      );
      catalog.categories.push({
        id: leafId,
        slug: `${department.slug}-${i + 1}`,
        parentId: id,
        name,
        legalOnly: false,
        position: i,
        icon: noun.kind,
        color: '#C46A4A',
      });
      leaves.push({ id: leafId, noun, name });
    }
  });

  const brandCount = options.brands ?? 120;
  for (let id = 1; id <= brandCount; id += 1) {
    const word = `${pick(next, SYLLABLES)}${pick(next, SYLLABLES)}`;
    const name = `${word.charAt(0).toUpperCase()}${word.slice(1)} ${id}`;
    catalog.brands.push({ id, slug: `${word}-${id}`, name });
  }

  const colorKeys = Object.keys(COLORS) as ColorKey[];
  const sizeNames = new Map<string, LocalizedText>();
  const firstDate = Date.UTC(2024, 0, 1);
  for (let id = 1; id <= options.products; id += 1) {
    const leaf = pick(next, leaves);
    const noun = next() < 0.8 ? leaf.noun : pick(next, NOUNS);
    const adjective = pick(next, ADJECTIVES);
    const series = pick(next, SERIES);
    const model = randomIntBetween(next, 10, 990);
    const brand = catalog.brands[randomIntBetween(next, 0, brandCount - 1)];
    if (!brand) throw new Error('No brand');
    const name = t(
      `${adjective.uz} ${noun.name.uz} «${series.uz}» ${model}`,
      `${noun.name.ru} ${adjective.ru} «${series.ru}» ${model}`,
      `${adjective.en} ${noun.name.en} ${series.en} ${model}`,
    );
    const extra = pick(next, EXTRA_SENTENCES);
    const description = t(
      `${adjective.uz} ${noun.name.uz} kundalik foydalanish uchun qulay va chidamli, «${series.uz}» kolleksiyasidan. ${extra.uz}`,
      `${noun.name.ru} ${adjective.ru}: удобно и надёжно на каждый день, из коллекции «${series.ru}». ${extra.ru}`,
      `A ${adjective.en} ${noun.name.en} that is easy to live with every day, from the ${series.en} collection. ${extra.en}`,
    );
    catalog.products.push({
      id,
      slug: `${noun.name.en.replace(/[^a-z]+/g, '-')}-${series.en.toLowerCase()}-${id}`,
      categoryId: leaf.id,
      brandId: brand.id,
      name,
      description,
      ...searchDocuments({ name, description, brand: brand.name, category: leaf.name }),
      kind: noun.kind,
      mxik: `0732300100${String(id).padStart(7, '0')}`,
      packageCode: String(1_500_000 + id),
      specifications: [],
      popularity: randomIntBetween(next, 0, 5_000),
      active: true,
      createdAt: new Date(firstDate + randomIntBetween(next, 0, 700 * 24) * 3_600_000),
    });

    const colours = pickSome(next, colorKeys, next() < 0.4 ? 1 : randomIntBetween(next, 2, 4));
    const sizes =
      next() < 0.5
        ? []
        : pickSome(next, pick(next, SIZE_FAMILIES), randomIntBetween(next, 2, 4)).sort((a, b) =>
            compareSizeCodes(sizeCode(a), sizeCode(b)),
          );
    const basePrice = randomIntBetween(next, 20, 3_000) * 1_000;
    const discounted = next() < 0.2;
    colours.forEach((colour, c) => {
      const slots = sizes.length > 0 ? sizes : [null];
      slots.forEach((size, s) => {
        const stored: StoredAttribute[] = [];
        if (colours.length > 1) {
          stored.push({
            code: 'color',
            valueCode: colour,
            name: ATTRIBUTE_NAMES.color,
            value: COLORS[colour].name,
          });
        }
        if (size) {
          const code = sizeCode(size);
          if (!sizeNames.has(code)) sizeNames.set(code, size);
          stored.push({ code: 'size', valueCode: code, name: ATTRIBUTE_NAMES.size, value: size });
        }
        const position = c * slots.length + s;
        const price = basePrice + s * 10_000;
        catalog.variants.push({
          id: id * 100 + position + 1,
          productId: id,
          position,
          attributes: stored,
          color: COLORS[colour].hex,
          price,
          oldPrice: discounted ? Math.round(price * 1.2) : null,
          quantity: next() < 0.15 ? 0 : randomIntBetween(next, 1, 80),
        });
      });
      catalog.images.push({
        productId: id,
        position: c + 1,
        color: COLORS[colour].hex,
        width: PRODUCT_IMAGE_SIZE,
        height: PRODUCT_IMAGE_SIZE,
      });
    });
  }
  catalog.attributeValues = [
    ...colorKeys.map((key, position) => ({
      attributeCode: 'color',
      code: key,
      name: COLORS[key].name,
      position,
    })),
    ...[...sizeNames.entries()]
      .sort(([a], [b]) => compareSizeCodes(a, b))
      .map(([code, name], position) => ({ attributeCode: 'size', code, name, position })),
  ];
  return catalog;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 1_000;

async function insertInBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH));
  }
}

/**
 * Writes a built catalogue into an empty, migrated database in one transaction, then does what
 * autovacuum would do a while later on a server (PGlite has none): VACUUM marks the pages
 * all-visible, so the listing's covering indexes are read without visiting the table, and
 * ANALYZE gives the planner statistics of the full tables instead of empty ones.
 */
export async function insertCatalog(db: Db, catalog: BuiltCatalog): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(categories).values(catalog.categories);
    await tx.insert(brands).values(catalog.brands);
    await tx.insert(attributes).values(catalog.attributes);
    await tx.insert(attributeValues).values(catalog.attributeValues);
    await insertInBatches(catalog.products, (batch) => tx.insert(products).values(batch));
    await insertInBatches(catalog.variants, (batch) => tx.insert(variants).values(batch));
    await insertInBatches(catalog.images, (batch) => tx.insert(productImages).values(batch));
  });
  await db.execute(sql`vacuum analyze`);
}
