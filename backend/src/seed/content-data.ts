// Shops, slides, delivery settings, blog posts and info pages of the demo seed, in uz/ru/en.
import type { LocalizedText } from '../db/schema';
import type { DrawingKind } from '../media/drawings';
import { t } from './localized';

export const STORES = [
  {
    id: 1,
    name: t('Uy Shop Chilonzor', 'Uy Shop Чиланзар', 'Uy Shop Chilonzor'),
    address: t(
      'Toshkent, Chilonzor tumani, Bunyodkor shoh koʻchasi, 24',
      'Ташкент, Чиланзарский район, проспект Бунёдкор, 24',
      '24 Bunyodkor Avenue, Chilonzor district, Tashkent',
    ),
    phone: '+998 71 200 40 01',
    hours: t('Har kuni 09:00–21:00', 'Ежедневно 09:00–21:00', 'Daily 09:00–21:00'),
    lat: 41.2857,
    lng: 69.2041,
  },
  {
    id: 2,
    name: t('Uy Shop Yunusobod', 'Uy Shop Юнусабад', 'Uy Shop Yunusobod'),
    address: t(
      'Toshkent, Yunusobod tumani, Amir Temur shoh koʻchasi, 108',
      'Ташкент, Юнусабадский район, проспект Амира Темура, 108',
      '108 Amir Temur Avenue, Yunusobod district, Tashkent',
    ),
    phone: '+998 71 200 40 02',
    hours: t('Har kuni 10:00–22:00', 'Ежедневно 10:00–22:00', 'Daily 10:00–22:00'),
    lat: 41.3457,
    lng: 69.2846,
  },
  {
    id: 3,
    name: t('Uy Shop Mirzo Ulugʻbek', 'Uy Shop Мирзо-Улугбек', 'Uy Shop Mirzo Ulugbek'),
    address: t(
      'Toshkent, Mirzo Ulugʻbek tumani, Buyuk Ipak Yoʻli koʻchasi, 15',
      'Ташкент, Мирзо-Улугбекский район, улица Буюк Ипак Йули, 15',
      '15 Buyuk Ipak Yoli Street, Mirzo Ulugbek district, Tashkent',
    ),
    phone: '+998 71 200 40 03',
    hours: t(
      'Du–Sh 09:00–20:00, Ya 10:00–18:00',
      'Пн–Сб 09:00–20:00, Вс 10:00–18:00',
      'Mon–Sat 09:00–20:00, Sun 10:00–18:00',
    ),
    lat: 41.3262,
    lng: 69.3349,
  },
] as const;

export interface SlideSeed {
  id: number;
  title: LocalizedText;
  subtitle: LocalizedText | null;
  link: string | null;
  color: string;
  kinds: readonly DrawingKind[];
}

export const SLIDES: readonly SlideSeed[] = [
  {
    id: 1,
    title: t('Oshxona uchun hammasi', 'Всё для кухни', 'Everything for the kitchen'),
    subtitle: t(
      'Qozonlar, tovalar va idishlar — yangi kolleksiya',
      'Казаны, сковороды и посуда — новая коллекция',
      'Kazans, pans and tableware — the new collection',
    ),
    link: '/catalog?category=kitchen',
    color: '#C46A4A',
    kinds: ['kazan', 'teapot', 'pan'],
  },
  {
    id: 2,
    title: t('Chegirmalar 30% gacha', 'Скидки до 30%', 'Up to 30% off'),
    subtitle: t(
      'Sochiqlar va choyshablar hafta oxirigacha arzon',
      'Полотенца и постельное бельё дешевле до конца недели',
      'Towels and bedding on sale until the weekend',
    ),
    link: '/products?sort=popular',
    color: '#3F6FB5',
    kinds: ['towel', 'bedding', 'pillow'],
  },
  {
    id: 3,
    title: t('Uyingizga yorugʻlik', 'Свет для вашего дома', 'Light up your home'),
    subtitle: null,
    link: '/catalog?category=lighting',
    color: '#E8C15A',
    kinds: ['lamp', 'pendant', 'floor-lamp'],
  },
];

export const DELIVERY_METHODS = [
  {
    type: 'pickup',
    name: t('Doʻkondan olib ketish', 'Самовывоз из магазина', 'Pickup in store'),
    description: t(
      'Buyurtma 2 soat ichida tayyor boʻladi; uchta doʻkonimizdan birida bepul oling.',
      'Заказ будет готов через 2 часа; заберите бесплатно в одном из трёх магазинов.',
      'Ready in 2 hours; collect it free of charge at any of our three shops.',
    ),
    price: 0,
    freeFrom: null,
    enabled: true,
  },
  {
    type: 'courier',
    name: t('Kuryer orqali yetkazish', 'Доставка курьером', 'Courier delivery'),
    description: t(
      'Ertasi kuni eshigingizgacha; 1 000 000 soʻmdan ortiq buyurtmalar uchun bepul.',
      'На следующий день до двери; бесплатно для заказов от 1 000 000 сум.',
      'Next day to your door; free for orders from 1,000,000 UZS.',
    ),
    price: 30_000,
    freeFrom: 1_000_000,
    enabled: true,
  },
  {
    type: 'express',
    name: t('Tezkor yetkazish (taksi)', 'Экспресс-доставка (такси)', 'Express delivery (taxi)'),
    description: t(
      'Toshkent boʻylab taksi orqali 2–3 soat ichida.',
      'По Ташкенту на такси за 2–3 часа.',
      'Across Tashkent by taxi within 2–3 hours.',
    ),
    price: 45_000,
    freeFrom: null,
    enabled: true,
  },
] as const;

export const PAYMENT_TYPES = [
  {
    type: 'on_receipt',
    name: t(
      'Qabul qilganda toʻlash (kuryerga naqd, doʻkonda naqd yoki karta)',
      'Оплата при получении (курьеру наличными, в магазине наличными или картой)',
      'Pay on receipt (cash to the courier; cash or card in store)',
    ),
    enabled: true,
  },
  {
    // Turned on by the card-payments issue; until then orders with 'card' are refused.
    type: 'card',
    name: t(
      'Onlayn karta orqali (Uzcard, Humo)',
      'Картой онлайн (Uzcard, Humo)',
      'Card online (Uzcard, Humo)',
    ),
    enabled: false,
  },
] as const;

export const BLOG_POSTS = [
  {
    id: 1,
    slug: 'how-to-season-a-cast-iron-kazan',
    title: t(
      'Choʻyan qozonni qanday toblash kerak',
      'Как прокалить чугунный казан',
      'How to season a cast-iron kazan',
    ),
    excerpt: t(
      'Yangi qozonni birinchi palovdan oldin tayyorlashning oddiy usuli.',
      'Простой способ подготовить новый казан к первому плову.',
      'A simple way to prepare a new kazan before its first plov.',
    ),
    body: t(
      'Qozonni yuving va quriting. Ichini oʻsimlik yogʻi bilan yupqa qilib surting va past olovda bir soat qizdiring. Jarayonni uch marta takrorlang — qoplama qora va silliq boʻladi.',
      'Вымойте и высушите казан. Смажьте его изнутри тонким слоем растительного масла и прогрейте на слабом огне около часа. Повторите трижды — покрытие станет чёрным и гладким.',
      'Wash and dry the kazan. Wipe a thin layer of vegetable oil inside and heat it on a low flame for about an hour. Repeat three times and the surface turns black and smooth.',
    ),
    color: '#2B2B2B',
    publishedAt: '2025-03-02T09:00:00Z',
  },
  {
    id: 2,
    slug: 'choosing-towels',
    title: t('Sochiqni qanday tanlash kerak', 'Как выбрать полотенце', 'How to choose a towel'),
    excerpt: t(
      'Zichlik, tola va parvarish haqida qisqacha.',
      'Коротко о плотности, волокне и уходе.',
      'A short guide to density, fibre and care.',
    ),
    body: t(
      'Hammom sochigʻi uchun 450–550 g/m² zichlik eng qulay. Uzun tolali paxta yumshoqroq va uzoqroq xizmat qiladi. Birinchi yuvishda konditsioner ishlatmang — u namni shimishni kamaytiradi.',
      'Для банного полотенца удобнее всего плотность 450–550 г/м². Длинноволокнистый хлопок мягче и служит дольше. Не используйте кондиционер при первой стирке — он снижает впитываемость.',
      'For a bath towel, 450–550 g/m² is the most comfortable density. Long-staple cotton is softer and lasts longer. Skip the fabric softener on the first wash: it makes the towel less absorbent.',
    ),
    color: '#A8D8C4',
    publishedAt: '2025-05-14T09:00:00Z',
  },
  {
    id: 3,
    slug: 'warm-light-at-home',
    title: t('Uyda iliq yorugʻlik', 'Тёплый свет дома', 'Warm light at home'),
    excerpt: t(
      'Xonalar uchun yoritishni qanday rejalashtirish kerak.',
      'Как спланировать освещение по комнатам.',
      'How to plan the lighting room by room.',
    ),
    body: t(
      'Har bir xonada kamida uchta yorugʻlik manbai boʻlsin: umumiy, ish va dekorativ. Mehmonxona uchun 2700 K iliq nur, ish stoli uchun 4000 K neytral nur tanlang.',
      'В каждой комнате стоит иметь три источника света: общий, рабочий и декоративный. Для гостиной выбирайте тёплый свет 2700 K, для рабочего стола — нейтральный 4000 K.',
      'Give every room three sources of light: general, task and accent. Choose warm 2700 K light for the living room and neutral 4000 K for the desk.',
    ),
    color: '#E8C15A',
    publishedAt: '2025-09-20T09:00:00Z',
  },
] as const;

export const INFO_PAGES = [
  {
    slug: 'about',
    title: t('Biz haqimizda', 'О нас', 'About us'),
    body: t(
      'Uy Shop — uy uchun tovarlar doʻkoni: oshxona, hammom, yotoqxona va mehmonxona uchun hammasi. Toshkentda uchta doʻkonimiz bor va butun Oʻzbekiston boʻylab yetkazib beramiz.',
      'Uy Shop — магазин товаров для дома: всё для кухни, ванной, спальни и гостиной. У нас три магазина в Ташкенте и доставка по всему Узбекистану.',
      'Uy Shop is a home-goods store: everything for the kitchen, bathroom, bedroom and living room. We have three shops in Tashkent and deliver across Uzbekistan.',
    ),
  },
  {
    slug: 'contacts',
    title: t('Aloqa', 'Контакты', 'Contacts'),
    body: t(
      'Qoʻngʻiroq markazi: +998 71 200 40 00, har kuni 09:00 dan 21:00 gacha. Elektron pochta: info@uyshop.uz.',
      'Колл-центр: +998 71 200 40 00, ежедневно с 09:00 до 21:00. Электронная почта: info@uyshop.uz.',
      'Call centre: +998 71 200 40 00, daily from 09:00 to 21:00. Email: info@uyshop.uz.',
    ),
  },
  {
    slug: 'delivery',
    title: t('Yetkazib berish', 'Доставка', 'Delivery'),
    body: t(
      'Doʻkondan olib ketish bepul. Kuryer orqali yetkazish — 30 000 soʻm, 1 000 000 soʻmdan ortiq buyurtmalar uchun bepul. Toshkent boʻylab tezkor yetkazish (taksi) — 45 000 soʻm.',
      'Самовывоз бесплатный. Доставка курьером — 30 000 сум, бесплатно для заказов от 1 000 000 сум. Экспресс-доставка по Ташкенту (такси) — 45 000 сум.',
      'Pickup is free. Courier delivery costs 30,000 UZS and is free for orders from 1,000,000 UZS. Express delivery across Tashkent (taxi) costs 45,000 UZS.',
    ),
  },
  {
    slug: 'how-to-buy',
    title: t('Qanday xarid qilish kerak', 'Как купить', 'How to buy'),
    body: t(
      'Mahsulotni savatga qoʻshing, telefon raqamingiz bilan kiring, yetkazish usuli va toʻlov turini tanlang, soʻng «Buyurtma berish» tugmasini bosing.',
      'Добавьте товар в корзину, войдите по номеру телефона, выберите способ доставки и оплаты и нажмите «Оформить заказ».',
      'Add products to the cart, sign in with your phone number, choose delivery and payment, then press “Place order”.',
    ),
  },
  {
    slug: 'public-offer',
    title: t('Ommaviy oferta', 'Публичная оферта', 'Public offer'),
    body: t(
      'Ushbu oferta Uy Shop va xaridor oʻrtasidagi masofaviy savdo shartlarini belgilaydi. Buyurtma berish orqali xaridor ushbu shartlarni qabul qiladi.',
      'Настоящая оферта определяет условия дистанционной продажи между Uy Shop и покупателем. Оформляя заказ, покупатель принимает эти условия.',
      'This offer sets out the terms of distance selling between Uy Shop and the buyer. By placing an order the buyer accepts these terms.',
    ),
  },
  {
    slug: 'return',
    title: t('Tovarni qaytarish', 'Возврат товара', 'Returns'),
    body: t(
      'Sifatli tovarni foydalanilmagan holda 10 kun ichida chek bilan qaytarishingiz mumkin. Nuqsonli tovar kafolat muddati davomida almashtiriladi.',
      'Товар надлежащего качества можно вернуть в течение 10 дней, если он не был в употреблении и сохранён чек. Бракованный товар заменим в течение гарантийного срока.',
      'You can return an unused item in good condition within 10 days with the receipt. Faulty items are replaced during the warranty period.',
    ),
  },
] as const;

/** A seeded legal-entity customer, so tests can sign in as one (the codes go to the outbox). */
export const LEGAL_USER = {
  phone: '+998901110001',
  name: 'Dilshod',
  surname: 'Karimov',
  company: 'Mehmon Servis MChJ',
  email: 'orders@mehmon-servis.example',
} as const;
