// Categories, brands and the shared vocabulary (colours, materials, countries) of the demo seed.
// Brand names are invented; none is a real trademark.
import type { LocalizedText, StoredSpecification } from '../db/schema';
import { t } from './localized';

export interface CategorySeed {
  id: number;
  slug: string;
  parent: string | null;
  name: LocalizedText;
  legalOnly?: boolean;
  /** Drawing used for the category picture. */
  icon: string;
  color: string;
  /** First 11 digits of the MXIK codes of the products in this category. */
  mxikGroup: string;
}

export const CATEGORIES: readonly CategorySeed[] = [
  {
    id: 1,
    slug: 'kitchen',
    parent: null,
    name: t('Oshxona', 'Кухня', 'Kitchen'),
    icon: 'pan',
    color: '#C46A4A',
    mxikGroup: '07323001001',
  },
  {
    id: 2,
    slug: 'cookware',
    parent: 'kitchen',
    name: t('Pishirish idishlari', 'Посуда для готовки', 'Cookware'),
    icon: 'pot',
    color: '#4A4E54',
    mxikGroup: '07323001002',
  },
  {
    id: 3,
    slug: 'tableware',
    parent: 'kitchen',
    name: t('Dasturxon idishlari', 'Столовая посуда', 'Tableware'),
    icon: 'plate',
    color: '#3F6FB5',
    mxikGroup: '06911001001',
  },
  {
    id: 4,
    slug: 'kitchen-textiles',
    parent: 'kitchen',
    name: t('Oshxona tekstili', 'Кухонный текстиль', 'Kitchen textiles'),
    icon: 'apron',
    color: '#7D8450',
    mxikGroup: '06302001003',
  },
  {
    id: 5,
    slug: 'kitchen-tools',
    parent: 'kitchen',
    name: t('Oshxona anjomlari', 'Кухонные принадлежности', 'Kitchen tools'),
    icon: 'board',
    color: '#B98B5E',
    mxikGroup: '08215001001',
  },
  {
    id: 6,
    slug: 'bathroom',
    parent: null,
    name: t('Hammom', 'Ванная', 'Bathroom'),
    icon: 'towel',
    color: '#8EC3E6',
    mxikGroup: '06302001001',
  },
  {
    id: 7,
    slug: 'towels',
    parent: 'bathroom',
    name: t('Sochiqlar', 'Полотенца', 'Towels'),
    icon: 'towel',
    color: '#A8D8C4',
    mxikGroup: '06302001002',
  },
  {
    id: 8,
    slug: 'bath-accessories',
    parent: 'bathroom',
    name: t('Hammom aksessuarlari', 'Аксессуары для ванной', 'Bath accessories'),
    icon: 'dispenser',
    color: '#9AA0A6',
    mxikGroup: '03924001001',
  },
  {
    id: 9,
    slug: 'bedroom',
    parent: null,
    name: t('Yotoqxona', 'Спальня', 'Bedroom'),
    icon: 'bedding',
    color: '#8EC3E6',
    mxikGroup: '06302001004',
  },
  {
    id: 10,
    slug: 'bedding',
    parent: 'bedroom',
    name: t('Yotoq choyshablari', 'Постельное бельё', 'Bedding'),
    icon: 'bedding',
    color: '#D9C3A0',
    mxikGroup: '06302001005',
  },
  {
    id: 11,
    slug: 'pillows-blankets',
    parent: 'bedroom',
    name: t('Yostiq va adyollar', 'Подушки и одеяла', 'Pillows & blankets'),
    icon: 'pillow',
    color: '#EDE3CC',
    mxikGroup: '09404001001',
  },
  {
    id: 12,
    slug: 'living-room',
    parent: null,
    name: t('Mehmonxona', 'Гостиная', 'Living room'),
    icon: 'armchair',
    color: '#5E8C61',
    mxikGroup: '09403001001',
  },
  {
    id: 13,
    slug: 'lighting',
    parent: 'living-room',
    name: t('Yoritish', 'Освещение', 'Lighting'),
    icon: 'lamp',
    color: '#E8C15A',
    mxikGroup: '09405001001',
  },
  {
    id: 14,
    slug: 'decor',
    parent: 'living-room',
    name: t('Dekor', 'Декор', 'Decor'),
    icon: 'vase',
    color: '#C46A4A',
    mxikGroup: '06913001001',
  },
  {
    id: 15,
    slug: 'storage',
    parent: 'living-room',
    name: t('Saqlash', 'Хранение', 'Storage'),
    icon: 'basket',
    color: '#B98B5E',
    mxikGroup: '04602001001',
  },
  {
    id: 16,
    slug: 'furniture',
    parent: 'living-room',
    name: t('Mebel', 'Мебель', 'Furniture'),
    icon: 'chair',
    color: '#7A5536',
    mxikGroup: '09401001001',
  },
  {
    id: 17,
    slug: 'cleaning',
    parent: null,
    name: t('Tozalash', 'Уборка', 'Cleaning'),
    icon: 'mop',
    color: '#3F6FB5',
    mxikGroup: '09603001001',
  },
  {
    id: 18,
    slug: 'cleaning-tools',
    parent: 'cleaning',
    name: t('Tozalash anjomlari', 'Инвентарь для уборки', 'Cleaning tools'),
    icon: 'broom',
    color: '#5E8C61',
    mxikGroup: '09603001002',
  },
  {
    id: 19,
    slug: 'laundry',
    parent: 'cleaning',
    name: t('Kir yuvish', 'Стирка', 'Laundry'),
    icon: 'bottle',
    color: '#8EC3E6',
    mxikGroup: '03402001001',
  },
  {
    id: 20,
    slug: 'office-horeca',
    parent: null,
    legalOnly: true,
    name: t('Ofis va HoReCa jihozlari', 'Товары для офиса и HoReCa', 'Office & HoReCa supplies'),
    icon: 'box',
    color: '#27385F',
    mxikGroup: '04818001001',
  },
  {
    id: 21,
    slug: 'horeca-supplies',
    parent: 'office-horeca',
    legalOnly: true,
    name: t('HoReCa uchun idishlar', 'Посуда для HoReCa', 'HoReCa tableware'),
    icon: 'plate',
    color: '#F4F1EA',
    mxikGroup: '06911001002',
  },
  {
    id: 22,
    slug: 'bulk-packs',
    parent: 'office-horeca',
    legalOnly: true,
    name: t('Ulgurji qadoqlar', 'Оптовые упаковки', 'Bulk packs'),
    icon: 'roll',
    color: '#9AA0A6',
    mxikGroup: '04818001002',
  },
];

export interface BrandSeed {
  id: number;
  slug: string;
  name: string;
}

export const BRANDS: readonly BrandSeed[] = [
  { id: 1, slug: 'olov-kitchen', name: 'Olov Kitchen' },
  { id: 2, slug: 'chinnigar', name: 'Chinnigar' },
  { id: 3, slug: 'paxta-soft', name: 'Paxta Soft' },
  { id: 4, slug: 'nurli-uy', name: 'Nurli Uy' },
  { id: 5, slug: 'naqsh-decor', name: 'Naqsh Decor' },
  { id: 6, slug: 'bahor-home', name: 'Bahor Home' },
  { id: 7, slug: 'toza-uy', name: 'Toza Uy' },
  { id: 8, slug: 'karvon-pro', name: 'Karvon Pro' },
];

export const COLORS = {
  white: { hex: '#F4F1EA', name: t('Oq', 'Белый', 'White') },
  cream: { hex: '#EDE3CC', name: t('Krem rang', 'Кремовый', 'Cream') },
  beige: { hex: '#D9C3A0', name: t('Bej', 'Бежевый', 'Beige') },
  grey: { hex: '#9AA0A6', name: t('Kulrang', 'Серый', 'Grey') },
  graphite: { hex: '#4A4E54', name: t('Grafit', 'Графитовый', 'Graphite') },
  black: { hex: '#2B2B2B', name: t('Qora', 'Чёрный', 'Black') },
  blue: { hex: '#3F6FB5', name: t('Koʻk', 'Синий', 'Blue') },
  navy: { hex: '#27385F', name: t('Toʻq koʻk', 'Тёмно-синий', 'Navy') },
  sky: { hex: '#8EC3E6', name: t('Havorang', 'Голубой', 'Sky blue') },
  green: { hex: '#5E8C61', name: t('Yashil', 'Зелёный', 'Green') },
  olive: { hex: '#7D8450', name: t('Zaytun rang', 'Оливковый', 'Olive') },
  mint: { hex: '#A8D8C4', name: t('Yalpiz rang', 'Мятный', 'Mint') },
  terracotta: { hex: '#C46A4A', name: t('Terrakota', 'Терракотовый', 'Terracotta') },
  red: { hex: '#B83B3B', name: t('Qizil', 'Красный', 'Red') },
  pink: { hex: '#E7A6B4', name: t('Pushti', 'Розовый', 'Pink') },
  yellow: { hex: '#E8C15A', name: t('Sariq', 'Жёлтый', 'Yellow') },
  brown: { hex: '#7A5536', name: t('Jigarrang', 'Коричневый', 'Brown') },
  wood: { hex: '#B98B5E', name: t('Tabiiy yogʻoch', 'Натуральное дерево', 'Natural wood') },
  steel: { hex: '#B8BEC4', name: t('Kumushrang', 'Серебристый', 'Silver') },
  gold: { hex: '#C9A227', name: t('Oltinrang', 'Золотистый', 'Gold') },
} as const satisfies Record<string, { hex: string; name: LocalizedText }>;

export type ColorKey = keyof typeof COLORS;

export const ATTRIBUTE_NAMES = {
  color: t('Rang', 'Цвет', 'Colour'),
  size: t('Oʻlcham', 'Размер', 'Size'),
} as const;

export type AttributeCode = keyof typeof ATTRIBUTE_NAMES;

/** Facet order of the attributes. */
export const ATTRIBUTE_ORDER: readonly AttributeCode[] = ['color', 'size'];

/**
 * The stable code of a size, from its English label: 'L' → 'l', '24 cm' → '24cm',
 * '140×180 cm' → '140x180cm', 'Single' → 'single'. Filters and links keep working whatever the
 * translations say.
 */
export function sizeCode(label: LocalizedText): string {
  const code = label.en
    .toLowerCase()
    .replace(/×/g, 'x')
    .replace(/[^a-z0-9]+/g, '');
  if (!/^[a-z0-9][a-z0-9_-]{0,59}$/.test(code)) {
    throw new Error(`Size '${label.en}' gives no usable code`);
  }
  return code;
}

const LETTER_SIZES = ['xs', 's', 'm', 'l', 'xl', 'xxl'];
const BED_SIZES = ['single', 'double', 'king'];

/**
 * Sorts size codes the way a shopper reads them: letter sizes S to XL, bed sizes, then measured
 * sizes by unit and number (20 cm before 140×180 cm, 2 l before 12 l).
 */
export function compareSizeCodes(a: string, b: string): number {
  const rank = (code: string): [number, string, number, number] => {
    if (LETTER_SIZES.includes(code)) return [0, '', LETTER_SIZES.indexOf(code), 0];
    if (BED_SIZES.includes(code)) return [1, '', BED_SIZES.indexOf(code), 0];
    const measured = /^(\d+)(?:x(\d+))?([a-z]*)$/.exec(code);
    if (!measured) return [3, code, 0, 0];
    const [, first = '0', second = '0', unit = ''] = measured;
    return [2, unit, Number(first), Number(second)];
  };
  const [ga, ua, na, ma] = rank(a);
  const [gb, ub, nb, mb] = rank(b);
  return ga - gb || ua.localeCompare(ub) || na - nb || ma - mb || a.localeCompare(b);
}

const MATERIALS = {
  porcelain: t('Chinni', 'Фарфор', 'Porcelain'),
  ceramic: t('Keramika', 'Керамика', 'Ceramic'),
  castIron: t('Choʻyan', 'Чугун', 'Cast iron'),
  granite: t(
    'Granit qoplamali alyuminiy',
    'Алюминий с гранитным покрытием',
    'Aluminium with granite coating',
  ),
  steel: t('Zanglamaydigan poʻlat', 'Нержавеющая сталь', 'Stainless steel'),
  enamel: t('Emallangan poʻlat', 'Эмалированная сталь', 'Enamelled steel'),
  glass: t('Shisha', 'Стекло', 'Glass'),
  cotton: t('Paxta', 'Хлопок', 'Cotton'),
  linen: t('Zigʻir', 'Лён', 'Linen'),
  bamboo: t('Bambuk', 'Бамбук', 'Bamboo'),
  wood: t('Yogʻoch', 'Дерево', 'Wood'),
  sateen: t('Paxta satin', 'Хлопковый сатин', 'Cotton sateen'),
  percale: t('Perkal', 'Перкаль', 'Percale'),
  silk: t('Ipak', 'Шёлк', 'Silk'),
  wool: t('Jun', 'Шерсть', 'Wool'),
  foam: t('Xotira effektli koʻpik', 'Пена с эффектом памяти', 'Memory foam'),
  rattan: t('Rotang', 'Ротанг', 'Rattan'),
  plastic: t('Plastik', 'Пластик', 'Plastic'),
  polyester: t('Poliester', 'Полиэстер', 'Polyester'),
  microfibre: t('Mikrofibra', 'Микрофибра', 'Microfibre'),
  metal: t('Metall', 'Металл', 'Metal'),
  wax: t('Soya mumi', 'Соевый воск', 'Soy wax'),
  paper: t('Qogʻoz', 'Бумага', 'Paper'),
  fabric: t('Mato', 'Ткань', 'Fabric'),
} as const satisfies Record<string, LocalizedText>;

const COUNTRIES = {
  uz: t('Oʻzbekiston', 'Узбекистан', 'Uzbekistan'),
  tr: t('Turkiya', 'Турция', 'Turkey'),
  cn: t('Xitoy', 'Китай', 'China'),
  ru: t('Rossiya', 'Россия', 'Russia'),
} as const satisfies Record<string, LocalizedText>;

const SPEC_NAMES = {
  material: t('Material', 'Материал', 'Material'),
  country: t('Ishlab chiqarilgan mamlakat', 'Страна производства', 'Country of origin'),
  capacity: t('Hajmi', 'Объём', 'Capacity'),
  dimensions: t('Oʻlchamlari', 'Размеры', 'Dimensions'),
  care: t('Parvarish', 'Уход', 'Care'),
  pieces: t('Toʻplamdagi buyumlar', 'Предметов в наборе', 'Pieces in set'),
  power: t('Quvvati', 'Мощность', 'Power'),
  warranty: t('Kafolat', 'Гарантия', 'Warranty'),
} as const satisfies Record<string, LocalizedText>;

export type MaterialKey = keyof typeof MATERIALS;
export type CountryKey = keyof typeof COUNTRIES;

export const spec = {
  material: (key: MaterialKey): StoredSpecification => ({
    name: SPEC_NAMES.material,
    value: MATERIALS[key],
  }),
  country: (key: CountryKey): StoredSpecification => ({
    name: SPEC_NAMES.country,
    value: COUNTRIES[key],
  }),
  capacity: (value: LocalizedText): StoredSpecification => ({ name: SPEC_NAMES.capacity, value }),
  dimensions: (value: LocalizedText): StoredSpecification => ({
    name: SPEC_NAMES.dimensions,
    value,
  }),
  pieces: (count: number): StoredSpecification => ({
    name: SPEC_NAMES.pieces,
    value: t(String(count), String(count), String(count)),
  }),
  power: (watts: number): StoredSpecification => ({
    name: SPEC_NAMES.power,
    value: t(`${watts} Vt`, `${watts} Вт`, `${watts} W`),
  }),
  warranty: (months: number): StoredSpecification => ({
    name: SPEC_NAMES.warranty,
    value: t(`${months} oy`, `${months} мес.`, `${months} months`),
  }),
  machineWash: (degrees: number): StoredSpecification => ({
    name: SPEC_NAMES.care,
    value: t(
      `${degrees} °C da mashinada yuvish`,
      `Машинная стирка при ${degrees} °C`,
      `Machine wash at ${degrees} °C`,
    ),
  }),
  dishwasher: (): StoredSpecification => ({
    name: SPEC_NAMES.care,
    value: t(
      'Idish yuvish mashinasida yuvish mumkin',
      'Можно мыть в посудомоечной машине',
      'Dishwasher safe',
    ),
  }),
  handWash: (): StoredSpecification => ({
    name: SPEC_NAMES.care,
    value: t('Faqat qoʻlda yuvish', 'Только ручная мойка', 'Hand wash only'),
  }),
};
