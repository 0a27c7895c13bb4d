// The vocabulary of the benchmark's made-up catalogue (synthetic-catalog.ts): nouns with their
// drawings, adjectives, series, departments, size families and the extra sentences of a
// description, in uz/ru/en. The texts are plausible, not grammatical (Russian adjectives ignore
// gender): they exist to give search and facets realistic words and spreads.
import type { LocalizedText } from '../db/schema';
import type { DrawingKind } from '../media/drawings';
import { t } from './localized';

export interface Noun {
  name: LocalizedText;
  kind: DrawingKind;
}

export const NOUNS: readonly Noun[] = [
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

export const ADJECTIVES: readonly LocalizedText[] = [
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

export const SERIES: readonly LocalizedText[] = [
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

export const DEPARTMENTS: readonly { slug: string; name: LocalizedText; legalOnly?: boolean }[] = [
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

export const SIZE_FAMILIES: readonly (readonly LocalizedText[])[] = [
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

export const EXTRA_SENTENCES: readonly LocalizedText[] = [
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

export const SYLLABLES = [
  'nur',
  'bog',
  'dil',
  'oy',
  'kun',
  'yor',
  'tosh',
  'sam',
  'zar',
  'gul',
  'may',
];
