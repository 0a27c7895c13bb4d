// Shops, slides, delivery settings, blog posts and info pages of the demo seed, in uz/ru/en.
import { ALL_REGIONS, type InfoPageSlug } from '@shop/shared';
import type { LocalizedText } from '../db/schema';
import type { DrawingKind } from '../media/drawings';
import { paragraphs, t } from './localized';

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
    regions: ALL_REGIONS,
    paymentTypes: ['on_receipt', 'card', 'click', 'payme', 'telegram'],
    // The shops' tills take cash and cards.
    receiptPayments: ['cash', 'card'],
  },
  {
    type: 'courier',
    name: t('Kuryer orqali yetkazish', 'Доставка курьером', 'Courier delivery'),
    description: t(
      'Toshkent boʻylab ertasi kuni, viloyatlarga 2–4 kunda eshigingizgacha; 1 000 000 soʻmdan bepul.',
      'По Ташкенту на следующий день, в области за 2–4 дня, до двери; бесплатно от 1 000 000 сум.',
      'To your door: next day in Tashkent, 2–4 days to the regions; free from 1,000,000 sum.',
    ),
    price: 30_000,
    freeFrom: 1_000_000,
    enabled: true,
    regions: ALL_REGIONS,
    paymentTypes: ['on_receipt', 'card', 'click', 'payme', 'telegram'],
    // A courier carries no card terminal: on receipt means cash.
    receiptPayments: ['cash'],
  },
  {
    type: 'express',
    name: t('Tezkor yetkazish (taksi)', 'Экспресс-доставка (такси)', 'Express delivery (taxi)'),
    description: t(
      'Faqat Toshkent shahri boʻylab, taksi orqali 2–3 soat ichida.',
      'Только по городу Ташкенту, на такси за 2–3 часа.',
      'Tashkent city only: by taxi within 2–3 hours.',
    ),
    price: 45_000,
    freeFrom: null,
    enabled: true,
    // A taxi service works inside the city.
    regions: ['tashkent'],
    paymentTypes: ['on_receipt', 'card', 'click', 'payme', 'telegram'],
    receiptPayments: ['cash'],
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
    type: 'card',
    name: t(
      'Onlayn karta orqali (Uzcard, Humo, Visa, Mastercard)',
      'Картой онлайн (Uzcard, Humo, Visa, Mastercard)',
      'Card online (Uzcard, Humo, Visa, Mastercard)',
    ),
    enabled: true,
  },
  {
    type: 'click',
    name: t('Click ilovasi orqali', 'Через приложение Click', 'With the Click app'),
    enabled: true,
  },
  {
    type: 'payme',
    name: t('Payme ilovasi orqali', 'Через приложение Payme', 'With the Payme app'),
    enabled: true,
  },
  {
    // Offered only inside Telegram, where the bot has a payment provider.
    type: 'telegram',
    name: t('Telegram orqali', 'Через Telegram', 'In Telegram'),
    enabled: true,
  },
] as const;

export interface BlogPostSeed {
  id: number;
  slug: string;
  title: LocalizedText;
  excerpt: LocalizedText;
  body: LocalizedText;
  color: string;
  /** Drawings on the cover, like a slide's. */
  kinds: readonly DrawingKind[];
  publishedAt: string;
}

export const BLOG_POSTS: readonly BlogPostSeed[] = [
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
    body: paragraphs(
      [
        'Yangi choʻyan qozon zavoddan himoya moyi bilan keladi. Uni issiq suv va oz miqdordagi yuvish vositasi bilan yaxshilab yuving, soʻng darhol quruq sochiq bilan arting va plitada bir necha daqiqa qizdirib, namini butunlay chiqaring: choʻyan namni yoqtirmaydi.',
        'Qozonning ichini va chetlarini oʻsimlik yogʻi bilan yupqa qilib surting. Paxta yoki kungaboqar yogʻi yaxshi mos keladi. Ortiqcha yogʻni qogʻoz sochiq bilan arting — qalin qatlam yopishqoq boʻlib qoladi.',
        'Qozonni past olovda taxminan bir soat qizdiring. Hovlida yoki yaxshi shamollatiladigan joyda qiling: birinchi marta biroz tutun chiqishi tabiiy. Qozon sovigach, yogʻlash va qizdirishni yana ikki marta takrorlang.',
        'Toʻgʻri toblangan qozonning ichi qora va silliq boʻladi, ovqat yopishmaydi. Birinchi marta unda piyozni yogʻda qovuring yoki oddiy palov damlang — keyingi har bir taom qoplamani yanada mustahkamlaydi.',
        'Qozonni ishlatib boʻlgach, iliq suvda yuving, idish yuvish mashinasiga solmang va quritib, ichini yupqa yogʻ bilan surtib qoʻying. Shunda u avloddan avlodga xizmat qiladi.',
      ],
      [
        'Новый чугунный казан приходит с завода в консервационной смазке. Тщательно вымойте его горячей водой с небольшим количеством моющего средства, сразу вытрите насухо и прогрейте на плите несколько минут, чтобы ушла вся влага: чугун не любит сырости.',
        'Смажьте внутреннюю поверхность и края тонким слоем растительного масла. Хорошо подходят хлопковое и подсолнечное масло. Излишки снимите бумажным полотенцем — толстый слой останется липким.',
        'Прогревайте казан на слабом огне около часа. Делайте это во дворе или в хорошо проветриваемом помещении: в первый раз немного дыма — это нормально. Когда казан остынет, повторите смазку и прогрев ещё два раза.',
        'Правильно прокалённый казан внутри чёрный и гладкий, еда к нему не пригорает. Для начала обжарьте в нём лук на масле или приготовьте простой плов — каждое следующее блюдо укрепляет покрытие.',
        'После готовки мойте казан тёплой водой, не ставьте его в посудомоечную машину, высушите и смажьте изнутри тонким слоем масла. Тогда он прослужит не одному поколению.',
      ],
      [
        'A new cast-iron kazan leaves the factory coated in protective grease. Wash it well with hot water and a little washing-up liquid, dry it straight away with a towel and warm it on the hob for a few minutes to drive out every trace of moisture: cast iron hates damp.',
        'Wipe a thin layer of vegetable oil over the inside and the rim. Cottonseed and sunflower oil both work well. Take off the excess with a paper towel, because a thick layer stays sticky.',
        'Heat the kazan on a low flame for about an hour. Do it outdoors or in a well-ventilated room: a little smoke the first time is normal. Once the kazan has cooled, oil and heat it twice more.',
        'A well-seasoned kazan is black and smooth inside and food does not stick to it. Start by frying onions in oil or cooking a simple plov: every dish after that makes the coating stronger.',
        'After cooking, wash the kazan in warm water, keep it out of the dishwasher, dry it and wipe a thin film of oil inside. Looked after like this, it will serve more than one generation.',
      ],
    ),
    color: '#2B2B2B',
    kinds: ['kazan', 'pan', 'pot'],
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
    body: paragraphs(
      [
        'Sochiqning sifatini birinchi navbatda zichlik belgilaydi — u yorliqda g/m² bilan koʻrsatiladi. Qoʻl va yuz sochiqlari uchun 400–450 g/m², hammom sochigʻi uchun 450–550 g/m² eng qulay. Zichroq sochiq yumshoqroq, lekin sekinroq quriydi.',
        'Tolaga ham eʼtibor bering. Uzun tolali paxta, jumladan Oʻzbekiston paxtasi, kam tuklanadi va koʻp yuvishdan keyin ham yumshoqligini saqlaydi. Bambuk qoʻshilgan sochiqlar silliqroq va namni tezroq shimadi.',
        'Maxrali sochiqning ilmoqlari qanchalik uzun boʻlsa, u shunchalik momiq boʻladi. Vafli sochiqlar yupqa va tez quriydi — ular oshxona va sayohat uchun juda qulay.',
        'Birinchi yuvishda konditsioner ishlatmang: u tolalarni yupqa parda bilan qoplaydi va sochiq namni yomonroq shimadi. 40–60 °C da yuving va sochiqlarni boshqa kiyimlardan alohida quriting.',
        'Oila uchun har bir kishiga ikkitadan hammom sochigʻi va bittadan qoʻl sochigʻi oling: biri ishlatilayotganda, ikkinchisi yuviladi.',
      ],
      [
        'Качество полотенца прежде всего определяет плотность — на ярлыке её указывают в г/м². Для рук и лица удобнее всего 400–450 г/м², для банного полотенца — 450–550 г/м². Чем плотнее полотенце, тем оно мягче, но тем дольше сохнет.',
        'Обратите внимание и на волокно. Длинноволокнистый хлопок, в том числе узбекский, меньше пушит и остаётся мягким даже после многих стирок. Полотенца с добавлением бамбука более гладкие и быстрее впитывают влагу.',
        'Чем длиннее петли махрового полотенца, тем оно пышнее. Вафельные полотенца тонкие и быстро сохнут — они очень удобны на кухне и в поездках.',
        'Не используйте кондиционер при первой стирке: он покрывает волокна тонкой плёнкой, и полотенце хуже впитывает воду. Стирайте при 40–60 °C и сушите полотенца отдельно от другой одежды.',
        'На семью берите по два банных полотенца и по одному полотенцу для рук на каждого: пока одно в работе, другое в стирке.',
      ],
      [
        'A towel’s quality comes down to its density first, printed on the label in g/m². For hands and face 400–450 g/m² is the most comfortable; for a bath towel, 450–550 g/m². A denser towel is softer but takes longer to dry.',
        'Look at the fibre too. Long-staple cotton, Uzbek cotton among it, sheds less lint and stays soft after many washes. Towels with added bamboo feel smoother and soak up water faster.',
        'The longer the loops of a terry towel, the fluffier it is. Waffle towels are thin and dry quickly, which makes them ideal for the kitchen and for travelling.',
        'Skip the fabric softener on the first wash: it coats the fibres with a thin film and the towel absorbs less water. Wash at 40–60 °C and dry towels separately from other clothes.',
        'For a family, allow two bath towels and one hand towel per person, so that one is in use while the other is in the wash.',
      ],
    ),
    color: '#A8D8C4',
    kinds: ['towel', 'robe', 'basket'],
    publishedAt: '2025-05-14T09:00:00Z',
  },
  {
    id: 3,
    slug: 'caring-for-porcelain',
    title: t(
      'Chinni idishlarni qanday parvarish qilish kerak',
      'Как ухаживать за фарфоровой посудой',
      'How to care for porcelain tableware',
    ),
    excerpt: t(
      'Piyola, choynak va laganlar uzoq yillar yangidek turishi uchun.',
      'Чтобы пиалы, чайники и ляганы много лет выглядели как новые.',
      'Keep your piyolas, teapots and lagans looking new for years.',
    ),
    body: paragraphs(
      [
        'Chinni mustahkam material, lekin keskin harorat oʻzgarishini yoqtirmaydi. Sovuq choynakka qaynoq suv quyishdan oldin uni iliq suv bilan chayib oling, muzlatgichdan olingan likopchani esa darhol issiq duxovkaga qoʻymang.',
        'Oq chinnidagi choy dogʻlari oddiy usul bilan ketadi: bir qoshiq ichimlik sodasini ozgina suv bilan aralashtirib, yumshoq gubka bilan arting. Abraziv kukun va metall choʻtkalar sirni tirnaydi.',
        'Oltin yoki kumush hoshiyali idishlarni faqat qoʻlda yuving. Idish yuvish mashinasi va kuchli vositalar bezakni bir necha oyda oʻchirib yuboradi. Naqshsiz oq chinni esa mashinada bemalol yuviladi.',
        'Laganlar va likopchalarni ustma-ust qoʻyganda oralariga qogʻoz salfetka qoʻying — shunda pastki sir tirnalmaydi. Piyolalarni dastasiz tomoni bilan pastga qaratib saqlang.',
        'Darz ketgan yoki chetidan uchgan idishni ishlatmang: darzlarda bakteriyalar yigʻiladi va idish qizdirilganda yorilishi mumkin.',
      ],
      [
        'Фарфор прочен, но не любит резких перепадов температуры. Перед тем как залить кипяток в холодный чайник, ополосните его тёплой водой, а тарелку из холодильника не ставьте сразу в горячую духовку.',
        'Чайный налёт на белом фарфоре снимается просто: смешайте ложку пищевой соды с небольшим количеством воды и протрите мягкой губкой. Абразивные порошки и металлические щётки царапают глазурь.',
        'Посуду с золотой или серебряной каймой мойте только вручную. Посудомоечная машина и агрессивные средства стирают декор за несколько месяцев. Белый фарфор без рисунка спокойно переносит машинную мойку.',
        'Ставя ляганы и тарелки стопкой, прокладывайте между ними бумажные салфетки — так нижняя глазурь не поцарапается. Пиалы храните вверх дном.',
        'Не пользуйтесь посудой с трещинами и сколами: в трещинах скапливаются бактерии, а при нагреве такая посуда может лопнуть.',
      ],
      [
        'Porcelain is strong, but it dislikes sudden changes of temperature. Rinse a cold teapot with warm water before pouring in boiling water, and never put a plate from the fridge straight into a hot oven.',
        'Tea stains on white porcelain come off easily: mix a spoonful of baking soda with a little water and wipe with a soft sponge. Scouring powders and metal brushes scratch the glaze.',
        'Wash anything with a gold or silver rim by hand only. Dishwashers and strong detergents wear the decoration away within months. Plain white porcelain goes through the dishwasher without trouble.',
        'When you stack lagans and plates, put a paper napkin between them so the glaze underneath does not get scratched. Store piyolas upside down.',
        'Stop using pieces that are cracked or chipped: bacteria collect in the cracks, and the piece may split when it is heated.',
      ],
    ),
    color: '#3F6FB5',
    kinds: ['teapot', 'piyola', 'plate'],
    publishedAt: '2025-07-08T09:00:00Z',
  },
  {
    id: 4,
    slug: 'warm-light-at-home',
    title: t('Uyda iliq yorugʻlik', 'Тёплый свет дома', 'Warm light at home'),
    excerpt: t(
      'Xonalar uchun yoritishni qanday rejalashtirish kerak.',
      'Как спланировать освещение по комнатам.',
      'How to plan the lighting room by room.',
    ),
    body: paragraphs(
      [
        'Har bir xonada kamida uchta yorugʻlik manbai boʻlsin: umumiy yorugʻlik (qandil yoki osma chiroq), ish yorugʻligi (stol chirogʻi, oshxona ustidagi chiroq) va dekorativ yorugʻlik (girlyanda, sham, kichik chiroqlar).',
        'Rang haroratiga eʼtibor bering. Mehmonxona va yotoqxona uchun 2700–3000 K iliq nur tanlang — u koʻzni charchatmaydi va xonani qulay qiladi. Ish stoli va oshxona uchun 4000 K neytral nur aniqroq koʻrsatadi.',
        'Yorqinlik lyumenlarda oʻlchanadi. Taxminiy hisob: mehmonxona uchun har kvadrat metrga 150 lm, oshxona va ish joyi uchun 250–300 lm. 15 m² li xonaga umumiy yoritish uchun taxminan 2 000–2 500 lm kerak.',
        'Osma chiroqni ovqat stolidan 60–80 sm balandlikka osing: shunda yorugʻlik stolga tushadi, koʻzni esa qamashtirmaydi. Rotang va matoli abajurlar nurni yumshoq tarqatadi.',
        'LED lampalar choʻgʻlanma lampalarga qaraganda taxminan besh baravar kam elektr sarflaydi va 15 000 soatgacha xizmat qiladi. Xira qilinadigan (dimmer) chiroqlar kechqurun yorugʻlikni pasaytirishga imkon beradi.',
      ],
      [
        'В каждой комнате стоит иметь минимум три источника света: общий (люстра или подвесной светильник), рабочий (настольная лампа, подсветка над кухонным столом) и декоративный (гирлянда, свечи, небольшие светильники).',
        'Обращайте внимание на цветовую температуру. Для гостиной и спальни выбирайте тёплый свет 2700–3000 K: он не утомляет глаза и делает комнату уютной. Для рабочего стола и кухни нейтральный свет 4000 K даёт более чёткую картинку.',
        'Яркость измеряется в люменах. Ориентир: для гостиной около 150 лм на квадратный метр, для кухни и рабочего места — 250–300 лм. Комнате в 15 м² для общего освещения нужно примерно 2 000–2 500 лм.',
        'Подвесной светильник вешайте на высоте 60–80 см над обеденным столом: свет падает на стол и не слепит. Абажуры из ротанга и ткани мягко рассеивают свет.',
        'Светодиодные лампы потребляют примерно в пять раз меньше электричества, чем лампы накаливания, и служат до 15 000 часов. Светильники с диммером позволяют приглушить свет вечером.',
      ],
      [
        'Give every room at least three sources of light: general light (a chandelier or pendant), task light (a desk lamp, a light over the kitchen worktop) and accent light (string lights, candles, small lamps).',
        'Mind the colour temperature. For the living room and the bedroom choose warm 2700–3000 K light: it is easy on the eyes and makes a room cosy. For the desk and the kitchen, neutral 4000 K light shows things more clearly.',
        'Brightness is measured in lumens. As a rule of thumb, allow about 150 lm per square metre in a living room and 250–300 lm in a kitchen or at a desk. A 15 m² room needs roughly 2,000–2,500 lm of general light.',
        'Hang a pendant 60–80 cm above the dining table, so the light falls on the table without dazzling anyone. Rattan and fabric shades spread the light softly.',
        'LED bulbs use about five times less electricity than incandescent ones and last up to 15,000 hours. Dimmable lamps let you turn the light down in the evening.',
      ],
    ),
    color: '#E8C15A',
    kinds: ['lamp', 'pendant', 'floor-lamp'],
    publishedAt: '2025-09-20T09:00:00Z',
  },
  {
    id: 5,
    slug: 'bedding-for-every-season',
    title: t(
      'Har fasl uchun choyshab',
      'Постельное бельё на любой сезон',
      'Bedding for every season',
    ),
    excerpt: t(
      'Satin, perkal yoki zigʻir: Toshkentning issiq yozi va salqin qishi uchun tanlov.',
      'Сатин, перкаль или лён: что выбрать для жаркого ташкентского лета и прохладной зимы.',
      'Sateen, percale or linen: what suits a hot Tashkent summer and a cool winter.',
    ),
    body: paragraphs(
      [
        'Toshkentda yozda havo harorati 40 °C dan oshadi, qishda esa tunlari sovuq boʻladi. Shuning uchun bitta toʻplam bilan butun yilni oʻtkazish qiyin: yoz va qish uchun alohida choyshab tanlash qulayroq.',
        'Yoz uchun perkal yoki zigʻir eng yaxshi tanlov. Perkal — zich, lekin yengil paxta mato: u havo oʻtkazadi va tanani salqin tutadi. Zigʻir namni tez shimadi va tez quriydi, vaqt oʻtgan sari yanada yumshoqlashadi.',
        'Qish uchun satin qulay: uning silliq va biroz yaltiroq yuzasi issiqni yaxshiroq saqlaydi. Satin toʻplamni jun adyol yoki atlas koʻrpa bilan birga ishlating.',
        'Oʻlchamni tanlashda adyolingizni oʻlchang: 1,5 kishilik jild odatda 145×215 sm, 2 kishilik — 175×215 sm, yevro — 200×220 sm. Choyshab matrasdan har tomondan kamida 20 sm kattaroq boʻlsin.',
        'Yangi choyshabni birinchi ishlatishdan oldin yuving. Rangli toʻplamlarni teskari oʻgirib, 40 °C da yuving va quyoshda emas, soyada quriting — shunda rang uzoq saqlanadi.',
      ],
      [
        'Летом в Ташкенте температура поднимается выше 40 °C, а зимой ночи бывают холодными. Поэтому одним комплектом на весь год не обойтись: удобнее выбрать отдельное бельё для лета и для зимы.',
        'Для лета лучше всего перкаль или лён. Перкаль — плотная, но лёгкая хлопковая ткань: она пропускает воздух и сохраняет прохладу. Лён быстро впитывает влагу и быстро сохнет, а со временем становится только мягче.',
        'Для зимы удобен сатин: его гладкая, слегка блестящая поверхность лучше держит тепло. Сочетайте сатиновый комплект с шерстяным одеялом или атласной курпой.',
        'Перед выбором размера измерьте одеяло: полутораспальный пододеяльник обычно 145×215 см, двуспальный — 175×215 см, евро — 200×220 см. Простыня должна быть больше матраса минимум на 20 см с каждой стороны.',
        'Новое бельё постирайте перед первым использованием. Цветные комплекты стирайте наизнанку при 40 °C и сушите в тени, а не на солнце, — так цвет дольше останется ярким.',
      ],
      [
        'Tashkent summers climb above 40 °C, while winter nights can be cold. One set for the whole year rarely works: it is more comfortable to keep separate bedding for summer and for winter.',
        'For summer, percale or linen is best. Percale is a tightly woven but light cotton: it breathes and keeps you cool. Linen absorbs moisture and dries quickly, and it only gets softer with time.',
        'For winter, sateen is a good choice: its smooth, slightly glossy surface holds warmth better. Pair a sateen set with a wool blanket or an atlas korpa quilt.',
        'Measure your duvet before choosing a size: a single cover is usually 145×215 cm, a double 175×215 cm and a king 200×220 cm. A sheet should be at least 20 cm larger than the mattress on every side.',
        'Wash new bedding before you first use it. Turn coloured sets inside out, wash them at 40 °C and dry them in the shade rather than in the sun, so the colours stay bright for longer.',
      ],
    ),
    color: '#D9C3A0',
    kinds: ['bedding', 'pillow', 'blanket'],
    publishedAt: '2025-11-03T09:00:00Z',
  },
];

export interface InfoPageSeed {
  slug: InfoPageSlug;
  title: LocalizedText;
  body: LocalizedText;
  updatedAt: string;
}

export const INFO_PAGES: readonly InfoPageSeed[] = [
  {
    slug: 'about',
    title: t('Biz haqimizda', 'О нас', 'About us'),
    body: paragraphs(
      [
        'Uy Shop — uy uchun tovarlar doʻkoni: oshxona, hammom, yotoqxona va mehmonxona uchun kerakli hamma narsa bir joyda. Biz 2019-yilda Toshkentda kichik idish-tovoq doʻkoni sifatida ish boshlaganmiz, bugun esa katalogimizda yuzlab mahsulot bor.',
        'Biz mahalliy ishlab chiqaruvchilarni qoʻllab-quvvatlaymiz: Rishton va Gʻijduvon ustalarining keramikasi, Oʻzbekiston paxtasidan tikilgan sochiq va choyshablar, qozon va laganlar katalogimizning muhim qismini tashkil qiladi. Qolgan tovarlarni Turkiya, Rossiya va Xitoydagi ishonchli hamkorlardan olib kelamiz.',
        'Toshkentda uchta doʻkonimiz bor — Chilonzor, Yunusobod va Mirzo Ulugʻbek tumanlarida. Har bir doʻkonda tovarni koʻrib, ushlab koʻrishingiz, onlayn buyurtmani olib ketishingiz va maslahat olishingiz mumkin.',
        'Onlayn doʻkonimiz Telegram ichida ham, oddiy brauzerda ham ishlaydi. Narxlar soʻmda, barcha toʻlovlar Oʻzbekiston qonunchiligiga muvofiq fiskal chek bilan rasmiylashtiriladi.',
        'Restoranlar, mehmonxonalar va ofislar uchun alohida boʻlimimiz bor: yuridik shaxslar ulgurji qadoqlar va HoReCa idishlarini korxona nomidan buyurtma qilishi mumkin.',
      ],
      [
        'Uy Shop — магазин товаров для дома: всё для кухни, ванной, спальни и гостиной в одном месте. Мы начинали в 2019 году с небольшого посудного магазина в Ташкенте, а сегодня в нашем каталоге сотни товаров.',
        'Мы поддерживаем местных производителей: керамика мастеров Риштана и Гиждувана, полотенца и постельное бельё из узбекского хлопка, казаны и ляганы составляют важную часть каталога. Остальное мы привозим от надёжных партнёров из Турции, России и Китая.',
        'В Ташкенте у нас три магазина — в Чиланзарском, Юнусабадском и Мирзо-Улугбекском районах. В каждом можно посмотреть и потрогать товар, забрать онлайн-заказ и получить консультацию.',
        'Наш онлайн-магазин работает и внутри Telegram, и в обычном браузере. Цены указаны в сумах, все оплаты оформляются фискальным чеком в соответствии с законодательством Узбекистана.',
        'Для ресторанов, гостиниц и офисов у нас есть отдельный раздел: юридические лица могут заказывать оптовые упаковки и посуду для HoReCa от имени компании.',
      ],
      [
        'Uy Shop is a home-goods store: everything for the kitchen, bathroom, bedroom and living room in one place. We started in 2019 as a small tableware shop in Tashkent; today our catalogue holds hundreds of products.',
        'We support local makers: ceramics from the craftspeople of Rishtan and Gijduvan, towels and bedding made from Uzbek cotton, kazans and lagans are a large part of the catalogue. The rest comes from trusted partners in Turkey, Russia and China.',
        'We have three shops in Tashkent, in the Chilonzor, Yunusobod and Mirzo Ulugbek districts. At each of them you can see and handle the goods, collect an online order and get advice.',
        'Our online shop works inside Telegram and in any browser. Prices are in Uzbek sum, and every payment comes with a fiscal receipt as Uzbek law requires.',
        'Restaurants, hotels and offices have a section of their own: legal entities can order bulk packs and HoReCa tableware in the company’s name.',
      ],
    ),
    updatedAt: '2025-10-01T09:00:00Z',
  },
  {
    slug: 'contacts',
    title: t('Aloqa', 'Контакты', 'Contacts'),
    body: paragraphs(
      [
        'Qoʻngʻiroq markazi: +998 71 200 40 00, har kuni 09:00 dan 21:00 gacha. Operatorlarimiz oʻzbek va rus tillarida javob beradi.',
        'Elektron pochta: info@uyshop.uz. Yuridik shaxslar va ulgurji buyurtmalar uchun: b2b@uyshop.uz. Xatlarga ish kunlari 24 soat ichida javob beramiz.',
        'Uy Shop Chilonzor: Toshkent, Chilonzor tumani, Bunyodkor shoh koʻchasi, 24. Telefon: +998 71 200 40 01. Har kuni 09:00–21:00.',
        'Uy Shop Yunusobod: Toshkent, Yunusobod tumani, Amir Temur shoh koʻchasi, 108. Telefon: +998 71 200 40 02. Har kuni 10:00–22:00.',
        'Uy Shop Mirzo Ulugʻbek: Toshkent, Mirzo Ulugʻbek tumani, Buyuk Ipak Yoʻli koʻchasi, 15. Telefon: +998 71 200 40 03. Dushanba–shanba 09:00–20:00, yakshanba 10:00–18:00.',
        'Buyurtma haqida savol boʻlsa, buyurtma raqamini (masalan, UY-001234) ayting — shunda sizga tezroq yordam bera olamiz.',
      ],
      [
        'Колл-центр: +998 71 200 40 00, ежедневно с 09:00 до 21:00. Операторы отвечают на узбекском и русском языках.',
        'Электронная почта: info@uyshop.uz. Для юридических лиц и оптовых заказов: b2b@uyshop.uz. На письма отвечаем в течение 24 часов в рабочие дни.',
        'Uy Shop Чиланзар: Ташкент, Чиланзарский район, проспект Бунёдкор, 24. Телефон: +998 71 200 40 01. Ежедневно 09:00–21:00.',
        'Uy Shop Юнусабад: Ташкент, Юнусабадский район, проспект Амира Темура, 108. Телефон: +998 71 200 40 02. Ежедневно 10:00–22:00.',
        'Uy Shop Мирзо-Улугбек: Ташкент, Мирзо-Улугбекский район, улица Буюк Ипак Йули, 15. Телефон: +998 71 200 40 03. Пн–Сб 09:00–20:00, Вс 10:00–18:00.',
        'Если у вас вопрос по заказу, назовите его номер (например, UY-001234) — так мы поможем быстрее.',
      ],
      [
        'Call centre: +998 71 200 40 00, daily from 09:00 to 21:00. Our operators answer in Uzbek and Russian.',
        'Email: info@uyshop.uz. For legal entities and bulk orders: b2b@uyshop.uz. We answer within 24 hours on working days.',
        'Uy Shop Chilonzor: 24 Bunyodkor Avenue, Chilonzor district, Tashkent. Phone: +998 71 200 40 01. Daily 09:00–21:00.',
        'Uy Shop Yunusobod: 108 Amir Temur Avenue, Yunusobod district, Tashkent. Phone: +998 71 200 40 02. Daily 10:00–22:00.',
        'Uy Shop Mirzo Ulugbek: 15 Buyuk Ipak Yoli Street, Mirzo Ulugbek district, Tashkent. Phone: +998 71 200 40 03. Mon–Sat 09:00–20:00, Sun 10:00–18:00.',
        'If your question is about an order, tell us its number (for example UY-001234) and we can help you faster.',
      ],
    ),
    updatedAt: '2025-10-01T09:00:00Z',
  },
  {
    slug: 'delivery',
    title: t('Yetkazib berish', 'Доставка', 'Delivery'),
    body: paragraphs(
      [
        'Doʻkondan olib ketish — bepul. Buyurtma 2 soat ichida tayyor boʻladi; tayyor boʻlgani haqida SMS yuboramiz. Buyurtmani uchta doʻkonimizdan istalganida 3 kun ichida olib ketishingiz mumkin.',
        'Kuryer orqali yetkazish — 30 000 soʻm, 1 000 000 soʻm va undan ortiq buyurtmalar uchun bepul. Toshkent va Toshkent viloyati boʻylab buyurtma ertasi kuni 10:00 dan 20:00 gacha, boshqa viloyatlarga 2–4 kun ichida yetkaziladi; kuryer kelishidan bir soat oldin qoʻngʻiroq qiladi.',
        'Tezkor yetkazish (taksi) — 45 000 soʻm, faqat Toshkent shahri boʻylab. Soat 18:00 gacha berilgan buyurtma 2–3 soat ichida yetkaziladi.',
        'Mebel, gilam va boshqa yirik tovarlar kirish eshigigacha yetkaziladi. Qavatga koʻtarish va yigʻish kerak boʻlsa, buyurtmaga izohda yozing — narxini operator aytadi.',
        'Tovarni qabul qilishda qadoqni va tovarni kuryer oldida tekshiring. Shikast yoki notoʻgʻri tovar boʻlsa, uni qabul qilmaslikka haqlisiz — biz uni bepul almashtiramiz.',
      ],
      [
        'Самовывоз из магазина — бесплатно. Заказ будет готов в течение 2 часов; когда он будет готов, мы пришлём SMS. Забрать заказ можно в любом из трёх магазинов в течение 3 дней.',
        'Доставка курьером — 30 000 сум, бесплатно для заказов от 1 000 000 сум. По Ташкенту и Ташкентской области заказ привозим на следующий день с 10:00 до 20:00, в другие области — за 2–4 дня; курьер позвонит за час до приезда.',
        'Экспресс-доставка (такси) — 45 000 сум, только по Ташкенту. Заказ, оформленный до 18:00, привезём в течение 2–3 часов.',
        'Мебель, ковры и другие крупные товары доставляем до входной двери. Если нужен подъём на этаж или сборка, напишите об этом в комментарии к заказу — стоимость назовёт оператор.',
        'При получении проверьте упаковку и товар при курьере. Если товар повреждён или не тот, вы вправе его не принимать — мы бесплатно заменим его.',
      ],
      [
        'Pickup in store is free. Your order is ready within 2 hours and we send a text message when it is. You can collect it at any of our three shops within 3 days.',
        'Courier delivery costs 30,000 sum and is free for orders from 1,000,000 sum. Across Tashkent and the Tashkent region we deliver the next day between 10:00 and 20:00, to the other regions within 2–4 days; the courier calls an hour before arriving.',
        'Express delivery by taxi costs 45,000 sum and covers Tashkent city only. Orders placed before 18:00 arrive within 2–3 hours.',
        'Furniture, rugs and other large items are delivered to your front door. If you need them carried upstairs or assembled, say so in the order comment and the operator will quote a price.',
        'Check the packaging and the goods in front of the courier. If anything is damaged or wrong, you may refuse it, and we will replace it free of charge.',
      ],
    ),
    updatedAt: '2025-10-01T09:00:00Z',
  },
  {
    slug: 'how-to-buy',
    title: t('Qanday xarid qilish kerak', 'Как купить', 'How to buy'),
    body: paragraphs(
      [
        'Katalogdan mahsulotni tanlang. Mahsulot sahifasida rang va oʻlchamni belgilang — narx va mavjudlik tanlangan variantga qarab koʻrsatiladi.',
        '«Savatga qoʻshish» tugmasini bosing. Savatda miqdorni oʻzgartirishingiz yoki mahsulotni olib tashlashingiz mumkin; savat kirganingizdan keyin barcha qurilmalaringizda saqlanadi.',
        'Telefon raqamingiz bilan kiring: raqamni kiriting va SMS orqali kelgan 5 xonali kodni yozing. Parol kerak emas.',
        'Yetkazish usulini tanlang: doʻkondan olib ketish, kuryer yoki tezkor yetkazish. Kuryer uchun manzilni, doʻkondan olish uchun esa qulay doʻkonni koʻrsating.',
        'Toʻlov turini tanlang: Uzcard, Humo, Visa yoki Mastercard karta bilan onlayn (kartani birinchi marta qoʻshganda bank SMS-kod yuboradi) yoki qabul qilganda — kuryerga naqd pulda, doʻkonda naqd pul yoki karta bilan.',
        '«Buyurtma berish» tugmasini bosing. Buyurtma raqami va holatini «Mening buyurtmalarim» boʻlimida kuzatib borishingiz mumkin.',
      ],
      [
        'Выберите товар в каталоге. На странице товара укажите цвет и размер — цена и наличие показываются для выбранного варианта.',
        'Нажмите «В корзину». В корзине можно изменить количество или удалить товар; после входа корзина сохраняется на всех ваших устройствах.',
        'Войдите по номеру телефона: введите номер и 5-значный код из SMS. Пароль не нужен.',
        'Выберите способ доставки: самовывоз из магазина, курьер или экспресс-доставка. Для курьера укажите адрес, для самовывоза — удобный магазин.',
        'Выберите способ оплаты: картой Uzcard, Humo, Visa или Mastercard онлайн (при первом добавлении карты банк пришлёт SMS-код) или при получении — курьеру наличными, в магазине наличными или картой.',
        'Нажмите «Оформить заказ». Номер и статус заказа можно отслеживать в разделе «Мои заказы».',
      ],
      [
        'Choose a product in the catalogue. On the product page pick the colour and size: the price and availability shown are those of the variant you picked.',
        'Press “Add to cart”. In the cart you can change quantities or remove items; once you sign in, the cart is kept on all your devices.',
        'Sign in with your phone number: enter it, then type the 5-digit code we text you. No password needed.',
        'Choose how to receive the order: pickup in store, courier or express delivery. Give your address for the courier, or pick the shop that suits you for pickup.',
        'Choose how to pay: online with an Uzcard, Humo, Visa or Mastercard card (your bank texts you a code the first time you add the card), or on receipt: cash to the courier, cash or card in the shop.',
        'Press “Place order”. You can follow the order number and status under “My orders”.',
      ],
    ),
    updatedAt: '2025-10-01T09:00:00Z',
  },
  {
    slug: 'public-offer',
    title: t('Ommaviy oferta', 'Публичная оферта', 'Public offer'),
    body: paragraphs(
      [
        '1. Umumiy qoidalar. Ushbu oferta Uy Shop (keyingi oʻrinlarda — Sotuvchi) va uyshop.uz onlayn doʻkoni yoki Telegram ilovasi orqali buyurtma bergan shaxs (keyingi oʻrinlarda — Xaridor) oʻrtasidagi masofaviy savdo shartlarini belgilaydi. Buyurtma berish orqali Xaridor ushbu shartlarni toʻliq qabul qiladi.',
        '2. Shartnoma predmeti. Sotuvchi katalogda koʻrsatilgan tovarni Xaridorning mulkiga topshirish, Xaridor esa uni qabul qilish va haqini toʻlash majburiyatini oladi. Tovarning tavsifi, narxi va mavjudligi buyurtma berilgan paytdagi katalog maʼlumotlariga koʻra belgilanadi.',
        '3. Narx va toʻlov. Narxlar Oʻzbekiston soʻmida, QQS bilan koʻrsatiladi. Buyurtma narxi uni rasmiylashtirish paytida qatʼiy belgilanadi. Xaridor buyurtmani tovarni qabul qilganda (kuryerga naqd pul bilan, doʻkonda naqd pul yoki bank kartasi bilan) yoki onlayn — Uzcard, Humo, Visa yoki Mastercard kartasi bilan Payme toʻlov tizimi orqali toʻlaydi. Karta bilan onlayn toʻlanadigan buyurtma rasmiylashtirilgandan keyin {{paymentHold}} davomida toʻlovni kutadi va bu vaqtda tovar Xaridor uchun band qilib turiladi; shu muddatda toʻlov kelmasa, buyurtma bekor qilinadi va tovar yana sotuvga chiqariladi. Har bir toʻlovga fiskal chek beriladi.',
        '4. Yetkazib berish. Yetkazish usuli, muddati va narxi «Yetkazib berish» sahifasida koʻrsatilgan. Tovarning tasodifan yoʻqolish yoki shikastlanish xavfi u Xaridorga topshirilgan paytdan boshlab Xaridorga oʻtadi.',
        '5. Qaytarish. Tovarni qaytarish va almashtirish «Tovarni qaytarish» sahifasidagi shartlar va Oʻzbekiston Respublikasining «Isteʼmolchilarning huquqlarini himoya qilish toʻgʻrisida»gi Qonuniga muvofiq amalga oshiriladi.',
        '6. Shaxsiy maʼlumotlar. Xaridor buyurtmani bajarish uchun oʻz ismi, telefon raqami va manzilini qayta ishlashga rozilik beradi. Sotuvchi bu maʼlumotlarni faqat buyurtmani bajarish va Xaridor bilan bogʻlanish uchun ishlatadi va uchinchi shaxslarga bermaydi, yetkazib beruvchi xizmatlar bundan mustasno.',
        '7. Yakuniy qoidalar. Nizolar muzokaralar yoʻli bilan, kelishuvga erishilmasa — Oʻzbekiston Respublikasi qonunchiligiga muvofiq sudda hal qilinadi. Sotuvchi ofertani oʻzgartirish huquqiga ega; yangi tahrir saytda eʼlon qilingan paytdan kuchga kiradi va avval berilgan buyurtmalarga taalluqli emas.',
      ],
      [
        '1. Общие положения. Настоящая оферта определяет условия дистанционной продажи между Uy Shop (далее — Продавец) и лицом, оформившим заказ в интернет-магазине uyshop.uz или в приложении в Telegram (далее — Покупатель). Оформляя заказ, Покупатель полностью принимает эти условия.',
        '2. Предмет договора. Продавец обязуется передать в собственность Покупателя товар, указанный в каталоге, а Покупатель — принять и оплатить его. Описание, цена и наличие товара определяются по данным каталога на момент оформления заказа.',
        '3. Цена и оплата. Цены указаны в узбекских сумах с учётом НДС. Цена заказа фиксируется в момент его оформления. Покупатель оплачивает заказ при получении (курьеру наличными, в магазине наличными или банковской картой) или онлайн — картой Uzcard, Humo, Visa или Mastercard через платёжную систему Payme. Заказ с оплатой картой онлайн ждёт оплаты {{paymentHold}} с момента оформления, и всё это время товар зарезервирован за Покупателем; если оплата за это время не поступила, заказ отменяется, а товар возвращается в продажу. На каждую оплату выдаётся фискальный чек.',
        '4. Доставка. Способы, сроки и стоимость доставки указаны на странице «Доставка». Риск случайной гибели или повреждения товара переходит к Покупателю с момента передачи ему товара.',
        '5. Возврат. Возврат и обмен товара производятся на условиях страницы «Возврат товара» и в соответствии с Законом Республики Узбекистан «О защите прав потребителей».',
        '6. Персональные данные. Покупатель даёт согласие на обработку своего имени, номера телефона и адреса для исполнения заказа. Продавец использует эти данные только для исполнения заказа и связи с Покупателем и не передаёт их третьим лицам, за исключением служб доставки.',
        '7. Заключительные положения. Споры решаются путём переговоров, а при недостижении согласия — в суде в соответствии с законодательством Республики Узбекистан. Продавец вправе изменять оферту; новая редакция вступает в силу с момента публикации на сайте и не распространяется на ранее оформленные заказы.',
      ],
      [
        '1. General. This offer sets out the terms of distance selling between Uy Shop (the Seller) and the person who places an order in the uyshop.uz online shop or in its Telegram app (the Buyer). By placing an order the Buyer accepts these terms in full.',
        '2. Subject. The Seller undertakes to transfer to the Buyer the goods listed in the catalogue, and the Buyer undertakes to accept and pay for them. The description, price and availability of the goods are those shown in the catalogue when the order is placed.',
        '3. Price and payment. Prices are in Uzbek sum and include VAT. The price of an order is fixed when it is placed. The Buyer pays on receipt (cash to the courier; cash or bank card in the shop) or online, by Uzcard, Humo, Visa or Mastercard card through the Payme payment service. An order to be paid by card online waits {{paymentHold}} for its payment after it is placed, and the goods are reserved for the Buyer meanwhile; if no payment arrives in that time, the order is cancelled and the goods go back on sale. Every payment comes with a fiscal receipt.',
        '4. Delivery. Delivery methods, times and prices are given on the “Delivery” page. The risk of accidental loss of or damage to the goods passes to the Buyer when the goods are handed over.',
        '5. Returns. Returns and exchanges follow the “Returns” page and the Law of the Republic of Uzbekistan “On the Protection of Consumer Rights”.',
        '6. Personal data. The Buyer agrees to the processing of their name, phone number and address to fulfil the order. The Seller uses these data only to fulfil the order and to contact the Buyer, and shares them with no third party other than the delivery services.',
        '7. Final provisions. Disputes are settled by negotiation or, failing agreement, in court under the law of the Republic of Uzbekistan. The Seller may amend this offer; a new version takes effect when published on the site and does not apply to orders placed before.',
      ],
    ),
    updatedAt: '2025-10-01T09:00:00Z',
  },
  {
    slug: 'return',
    title: t('Tovarni qaytarish', 'Возврат товара', 'Returns'),
    body: paragraphs(
      [
        'Sifatli tovarni xarid qilingan kundan boshlab 10 kun ichida qaytarishingiz yoki almashtirishingiz mumkin. Buning uchun tovar ishlatilmagan, tovar koʻrinishi, yorliqlari va qadogʻi saqlangan boʻlishi hamda chek yoki buyurtma raqami boʻlishi kerak.',
        'Gigiyena talablari sababli ichki kiyim, yostiq va adyollar, qadogʻi ochilgan kimyoviy vositalar (masalan, kir yuvish geli) sifatli boʻlsa qaytarilmaydi.',
        'Nuqsonli tovar kafolat muddati davomida bepul taʼmirlanadi, almashtiriladi yoki uning puli qaytariladi. Kafolat muddati mahsulot sahifasida koʻrsatilgan; koʻrsatilmagan boʻlsa, u 6 oyni tashkil qiladi.',
        'Tovarni istalgan doʻkonimizga olib kelishingiz mumkin. Yirik tovarlarni qaytarish uchun +998 71 200 40 00 raqamiga qoʻngʻiroq qiling — kuryer ularni oʻzi olib ketadi.',
        'Pul tovar qabul qilingan kundan boshlab 10 kun ichida qaytariladi: naqd toʻlov uchun — doʻkon kassasida, karta orqali toʻlov uchun — oʻsha kartaga.',
      ],
      [
        'Товар надлежащего качества можно вернуть или обменять в течение 10 дней со дня покупки. Для этого товар не должен быть в употреблении, должны сохраниться его товарный вид, ярлыки и упаковка, а также чек или номер заказа.',
        'По требованиям гигиены нижнее бельё, подушки и одеяла, а также бытовая химия во вскрытой упаковке (например, гель для стирки) надлежащего качества возврату не подлежат.',
        'Бракованный товар в течение гарантийного срока бесплатно ремонтируем, заменяем или возвращаем за него деньги. Гарантийный срок указан на странице товара; если он не указан, он составляет 6 месяцев.',
        'Товар можно принести в любой наш магазин. Чтобы вернуть крупный товар, позвоните по номеру +998 71 200 40 00 — курьер сам заберёт его.',
        'Деньги возвращаем в течение 10 дней со дня приёма товара: за наличную оплату — в кассе магазина, за оплату картой — на ту же карту.',
      ],
      [
        'You can return or exchange an item in good condition within 10 days of purchase. It must be unused, with its appearance, labels and packaging intact, and you need the receipt or the order number.',
        'For hygiene reasons, underwear, pillows and blankets, and household chemicals in opened packaging (laundry gel, for example) cannot be returned if they are in good condition.',
        'A faulty item is repaired, replaced or refunded free of charge during its warranty period. The warranty is stated on the product page; where none is stated, it is 6 months.',
        'Bring the item to any of our shops. To return a large item, call +998 71 200 40 00 and a courier will collect it.',
        'We refund within 10 days of receiving the item: cash payments at the shop’s till, card payments to the same card.',
      ],
    ),
    updatedAt: '2025-10-01T09:00:00Z',
  },
];

/** A seeded legal-entity customer, so tests can sign in as one (the codes go to the outbox). */
export const LEGAL_USER = {
  phone: '+998901110001',
  name: 'Dilshod',
  surname: 'Karimov',
  company: 'Mehmon Servis MChJ',
  email: 'orders@mehmon-servis.example',
} as const;
