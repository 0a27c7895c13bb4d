// Flat, deterministic SVG illustrations of the catalogue's product kinds, drawn in the variant's
// colour. Generated locally so the shop needs no network and carries no third-party photos.
// Every drawing uses a 400×400 canvas; `c` is the main colour, `d` a darker shade, `l` a lighter one.

interface Palette {
  c: string;
  d: string;
  l: string;
}

type Draw = (p: Palette) => string;

const OUTLINE = 'stroke="#2f2a26" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"';

const DRAWINGS = {
  pan: ({ c, d }) =>
    `<ellipse cx="170" cy="220" rx="130" ry="60" fill="${d}" ${OUTLINE}/><ellipse cx="170" cy="212" rx="104" ry="42" fill="${c}"/><rect x="290" y="200" width="100" height="24" rx="12" fill="#3a3430" ${OUTLINE}/>`,
  kazan: ({ c, d }) =>
    `<path d="M70 170 Q70 320 200 320 Q330 320 330 170 Z" fill="${c}" ${OUTLINE}/><ellipse cx="200" cy="170" rx="130" ry="30" fill="${d}" ${OUTLINE}/><path d="M60 175 q-30 0 -30 25 M340 175 q30 0 30 25" fill="none" ${OUTLINE}/>`,
  pot: ({ c, d, l }) =>
    `<rect x="90" y="160" width="220" height="150" rx="18" fill="${c}" ${OUTLINE}/><rect x="80" y="140" width="240" height="26" rx="10" fill="${d}" ${OUTLINE}/><rect x="180" y="118" width="40" height="22" rx="8" fill="${l}" ${OUTLINE}/><path d="M90 190 h-34 M310 190 h34" ${OUTLINE}/>`,
  kettle: ({ c, d, l }) =>
    `<path d="M110 310 Q90 180 200 170 Q310 180 290 310 Z" fill="${c}" ${OUTLINE}/><path d="M110 240 L50 180" ${OUTLINE} fill="none"/><path d="M140 170 Q200 80 260 170" fill="none" stroke="${d}" stroke-width="14"/><circle cx="200" cy="160" r="12" fill="${l}" ${OUTLINE}/>`,
  mug: ({ c, d }) =>
    `<rect x="100" y="120" width="170" height="200" rx="20" fill="${c}" ${OUTLINE}/><path d="M270 170 q70 0 70 55 q0 55 -70 55" fill="none" stroke="${d}" stroke-width="22"/><ellipse cx="185" cy="122" rx="85" ry="14" fill="${d}"/>`,
  plate: ({ c, d, l }) =>
    `<circle cx="200" cy="200" r="150" fill="${c}" ${OUTLINE}/><circle cx="200" cy="200" r="100" fill="${l}" stroke="${d}" stroke-width="6"/><circle cx="200" cy="200" r="126" fill="none" stroke="${d}" stroke-width="4" stroke-dasharray="14 10"/>`,
  teapot: ({ c, d, l }) =>
    `<ellipse cx="200" cy="240" rx="110" ry="80" fill="${c}" ${OUTLINE}/><path d="M95 230 L40 170" stroke="${d}" stroke-width="18" stroke-linecap="round"/><path d="M305 200 q60 10 40 80" fill="none" stroke="${d}" stroke-width="16"/><ellipse cx="200" cy="165" rx="50" ry="14" fill="${l}" ${OUTLINE}/><circle cx="200" cy="146" r="10" fill="${d}"/><path d="M140 240 q60 -40 120 0" fill="none" stroke="${l}" stroke-width="8"/>`,
  piyola: ({ c, d, l }) =>
    `<path d="M80 170 Q90 310 200 310 Q310 310 320 170 Z" fill="${c}" ${OUTLINE}/><ellipse cx="200" cy="170" rx="120" ry="22" fill="${l}" ${OUTLINE}/><path d="M120 230 q80 40 160 0" fill="none" stroke="${d}" stroke-width="8"/>`,
  glass: ({ c, l }) =>
    `<path d="M120 90 L140 320 H260 L280 90 Z" fill="${l}" fill-opacity="0.7" ${OUTLINE}/><path d="M132 180 L146 310 H254 L268 180 Z" fill="${c}" fill-opacity="0.6"/>`,
  bowl: ({ c, d, l }) =>
    `<path d="M60 170 Q70 320 200 320 Q330 320 340 170 Z" fill="${c}" ${OUTLINE}/><ellipse cx="200" cy="170" rx="140" ry="26" fill="${l}" ${OUTLINE}/><circle cx="160" cy="160" r="18" fill="${d}"/><circle cx="220" cy="156" r="14" fill="#6a9a4a"/>`,
  apron: ({ c, d }) =>
    `<path d="M150 80 h100 v60 l70 40 v170 h-240 v-170 l70 -40 Z" fill="${c}" ${OUTLINE}/><rect x="160" y="220" width="80" height="60" rx="6" fill="${d}" ${OUTLINE}/><path d="M150 80 q50 -50 100 0" fill="none" ${OUTLINE}/>`,
  towel: ({ c, d, l }) =>
    `<rect x="70" y="220" width="260" height="70" rx="14" fill="${d}" ${OUTLINE}/><rect x="80" y="150" width="240" height="70" rx="14" fill="${c}" ${OUTLINE}/><rect x="90" y="90" width="220" height="60" rx="14" fill="${l}" ${OUTLINE}/><path d="M110 120 h180" stroke="${d}" stroke-width="6" stroke-dasharray="8 8"/>`,
  tablecloth: ({ c, d }) =>
    `<path d="M50 140 h300 l-30 170 h-240 Z" fill="${c}" ${OUTLINE}/><path d="M90 140 v170 M150 140 v170 M210 140 v170 M270 140 v170 M60 200 h280 M70 260 h260" stroke="${d}" stroke-width="5"/>`,
  mitt: ({ c, d }) =>
    `<path d="M130 320 V140 q0 -50 60 -50 q60 0 60 50 v60 q30 -30 60 0 q10 30 -60 80 v40 Z" fill="${c}" ${OUTLINE}/><rect x="122" y="300" width="136" height="34" rx="10" fill="${d}" ${OUTLINE}/>`,
  knife: ({ c }) =>
    `<path d="M60 240 L270 170 L280 210 L70 250 Z" fill="${c}" ${OUTLINE}/><rect x="270" y="172" width="90" height="36" rx="12" transform="rotate(-12 270 190)" fill="#3a3430" ${OUTLINE}/>`,
  board: ({ c, d }) =>
    `<rect x="70" y="110" width="240" height="190" rx="26" fill="${c}" ${OUTLINE}/><rect x="310" y="180" width="40" height="50" rx="14" fill="${c}" ${OUTLINE}/><path d="M100 150 h180 M100 200 h180 M100 250 h180" stroke="${d}" stroke-width="4"/>`,
  jar: ({ c, d }) =>
    [90, 170, 250]
      .map(
        (x) =>
          `<rect x="${x}" y="160" width="64" height="130" rx="12" fill="${c}" ${OUTLINE}/><rect x="${x - 4}" y="136" width="72" height="28" rx="8" fill="#b98b5e" ${OUTLINE}/><rect x="${x + 12}" y="210" width="40" height="30" fill="${d}"/>`,
      )
      .join(''),
  container: ({ c, l }) =>
    `<rect x="70" y="200" width="260" height="110" rx="16" fill="${l}" fill-opacity="0.8" ${OUTLINE}/><rect x="62" y="182" width="276" height="26" rx="10" fill="${c}" ${OUTLINE}/><rect x="110" y="110" width="180" height="72" rx="14" fill="${l}" fill-opacity="0.8" ${OUTLINE}/><rect x="104" y="96" width="192" height="20" rx="8" fill="${c}" ${OUTLINE}/>`,
  robe: ({ c, d }) =>
    `<path d="M150 70 L90 110 L50 230 L90 240 L110 180 L110 340 H290 L290 180 L310 240 L350 230 L310 110 L250 70 L200 170 Z" fill="${c}" ${OUTLINE}/><path d="M110 240 h180" stroke="${d}" stroke-width="14"/>`,
  dispenser: ({ c, d }) =>
    `<rect x="130" y="150" width="140" height="180" rx="40" fill="${c}" ${OUTLINE}/><rect x="185" y="100" width="30" height="50" fill="#b8bec4" ${OUTLINE}/><path d="M185 100 h-50" stroke="#b8bec4" stroke-width="16" stroke-linecap="round"/><rect x="160" y="220" width="80" height="50" rx="8" fill="${d}"/>`,
  rug: ({ c, d, l }) =>
    `<rect x="60" y="100" width="280" height="200" rx="10" fill="${c}" ${OUTLINE}/><rect x="90" y="130" width="220" height="140" fill="none" stroke="${l}" stroke-width="8"/><path d="M200 150 L250 200 L200 250 L150 200 Z" fill="${d}"/><path d="M60 110 h-16 M60 150 h-16 M60 190 h-16 M60 230 h-16 M60 270 h-16 M340 110 h16 M340 150 h16 M340 190 h16 M340 230 h16 M340 270 h16" ${OUTLINE}/>`,
  curtain: ({ c, d }) =>
    `<path d="M60 70 h280" ${OUTLINE}/><path d="M80 80 q20 120 0 250 h240 q-20 -130 0 -250 Z" fill="${c}" ${OUTLINE}/><path d="M140 90 v230 M200 90 v230 M260 90 v230" stroke="${d}" stroke-width="5"/>`,
  mirror: ({ c, l }) =>
    `<circle cx="200" cy="200" r="145" fill="${c}" ${OUTLINE}/><circle cx="200" cy="200" r="122" fill="#dfeaf0"/><path d="M140 160 L200 100 M150 210 L240 120" stroke="${l}" stroke-width="12" stroke-linecap="round"/>`,
  bedding: ({ c, d, l }) =>
    `<rect x="60" y="230" width="280" height="70" rx="12" fill="${d}" ${OUTLINE}/><rect x="70" y="165" width="260" height="65" rx="12" fill="${c}" ${OUTLINE}/><rect x="90" y="105" width="220" height="60" rx="24" fill="${l}" ${OUTLINE}/>`,
  pillow: ({ c, d }) =>
    `<path d="M70 110 Q200 80 330 110 Q350 200 330 290 Q200 320 70 290 Q50 200 70 110 Z" fill="${c}" ${OUTLINE}/><path d="M110 140 Q200 125 290 140" fill="none" stroke="${d}" stroke-width="6"/>`,
  blanket: ({ c, d, l }) =>
    `<rect x="60" y="120" width="280" height="180" rx="20" fill="${c}" ${OUTLINE}/><path d="M60 180 h280 M60 240 h280" stroke="${d}" stroke-width="6"/><path d="M260 120 q60 90 0 180" fill="${l}" ${OUTLINE}/>`,
  lamp: ({ c, l }) =>
    `<path d="M130 90 h140 l40 110 h-220 Z" fill="${l}" ${OUTLINE}/><path d="M150 330 q-30 -60 10 -130 h80 q40 70 10 130 Z" fill="${c}" ${OUTLINE}/><rect x="140" y="326" width="120" height="14" rx="6" fill="#3a3430"/>`,
  pendant: ({ c, d }) =>
    `<path d="M200 30 V120" ${OUTLINE}/><path d="M90 260 Q90 120 200 120 Q310 120 310 260 Z" fill="${c}" ${OUTLINE}/><path d="M120 200 h160 M110 235 h180 M200 125 v135 M150 135 l-20 125 M250 135 l20 125" stroke="${d}" stroke-width="5"/><ellipse cx="200" cy="272" rx="40" ry="18" fill="#f6e7a8"/>`,
  'desk-lamp': ({ c, d }) =>
    `<rect x="90" y="310" width="140" height="24" rx="10" fill="${c}" ${OUTLINE}/><path d="M160 310 L120 190 L230 110" fill="none" stroke="${d}" stroke-width="16" stroke-linecap="round"/><path d="M220 80 l90 50 l-40 60 Z" fill="${c}" ${OUTLINE}/><circle cx="278" cy="182" r="14" fill="#f6e7a8"/>`,
  'floor-lamp': ({ c }) =>
    `<path d="M120 350 V120 Q120 60 200 60 Q280 60 290 130" fill="none" stroke="${c}" stroke-width="14" stroke-linecap="round"/><path d="M250 130 h80 l20 60 h-120 Z" fill="${c}" ${OUTLINE}/><ellipse cx="120" cy="352" rx="60" ry="14" fill="${c}" ${OUTLINE}/><circle cx="290" cy="200" r="12" fill="#f6e7a8"/>`,
  garland: ({ c }) =>
    `<path d="M30 140 Q110 220 200 150 Q290 80 370 170" fill="none" stroke="#3a3430" stroke-width="5"/>${[
      60, 110, 160, 210, 260, 310, 350,
    ]
      .map(
        (x, i) =>
          `<circle cx="${x}" cy="${i % 2 === 0 ? 190 : 160}" r="16" fill="${c}" ${OUTLINE}/>`,
      )
      .join('')}`,
  vase: ({ c, d, l }) =>
    `<path d="M170 70 h60 v40 q70 40 70 120 q0 90 -70 110 h-60 q-70 -20 -70 -110 q0 -80 70 -120 Z" fill="${c}" ${OUTLINE}/><path d="M120 220 h160" stroke="${d}" stroke-width="10"/><path d="M130 260 h140" stroke="${l}" stroke-width="6"/>`,
  cushion: ({ c, d, l }) =>
    `<rect x="80" y="80" width="240" height="240" rx="30" fill="${c}" ${OUTLINE}/><path d="M200 120 L280 200 L200 280 L120 200 Z" fill="${l}" stroke="${d}" stroke-width="6"/><circle cx="200" cy="200" r="24" fill="${d}"/>`,
  candle: ({ c, l }) =>
    `<rect x="120" y="150" width="160" height="180" rx="18" fill="${l}" fill-opacity="0.7" ${OUTLINE}/><rect x="128" y="180" width="144" height="142" rx="12" fill="${c}"/><path d="M200 150 v-30" ${OUTLINE}/><path d="M200 70 q24 30 0 50 q-24 -20 0 -50 Z" fill="#f0a13a"/>`,
  clock: ({ c, d }) =>
    `<circle cx="200" cy="200" r="150" fill="${c}" ${OUTLINE}/><circle cx="200" cy="200" r="124" fill="#fbfaf7"/><path d="M200 200 V110 M200 200 L260 230" ${OUTLINE}/><path d="M200 86 v14 M314 200 h-14 M200 314 v-14 M86 200 h14" stroke="${d}" stroke-width="8"/>`,
  frame: ({ c }) =>
    `<rect x="60" y="120" width="130" height="170" fill="${c}" ${OUTLINE}/><rect x="80" y="140" width="90" height="130" fill="#dfeaf0"/><rect x="210" y="90" width="130" height="110" fill="${c}" ${OUTLINE}/><rect x="228" y="108" width="94" height="74" fill="#f1e2c6"/><rect x="210" y="220" width="130" height="90" fill="${c}" ${OUTLINE}/><rect x="228" y="236" width="94" height="58" fill="#d6e6d2"/>`,
  basket: ({ c, d }) =>
    `<path d="M80 150 L110 320 H290 L320 150 Z" fill="${c}" ${OUTLINE}/><path d="M92 200 h216 M100 250 h200 M106 295 h188 M150 150 l10 170 M200 150 v170 M250 150 l-10 170" stroke="${d}" stroke-width="5"/><path d="M140 150 q60 -80 120 0" fill="none" stroke="${d}" stroke-width="12"/>`,
  box: ({ c, d, l }) =>
    `<rect x="70" y="140" width="260" height="170" rx="8" fill="${c}" ${OUTLINE}/><rect x="60" y="120" width="280" height="30" rx="6" fill="${d}" ${OUTLINE}/><rect x="170" y="190" width="60" height="20" rx="10" fill="${l}" ${OUTLINE}/>`,
  shelf: ({ c }) =>
    `<rect x="50" y="220" width="300" height="28" rx="4" fill="${c}" ${OUTLINE}/><rect x="80" y="150" width="30" height="70" fill="#5e8c61" ${OUTLINE}/><rect x="116" y="130" width="26" height="90" fill="#c46a4a" ${OUTLINE}/><path d="M260 220 q-10 -60 20 -80 q30 20 20 80 Z" fill="#e8c15a" ${OUTLINE}/>`,
  hanger: ({ c }) =>
    `<path d="M200 80 q30 0 30 25 q0 20 -30 35 L60 250 h280 L200 140" fill="none" stroke="#b8bec4" stroke-width="10" stroke-linecap="round"/><path d="M60 250 h280 v22 h-280 Z" fill="${c}" ${OUTLINE}/>`,
  chair: ({ c, d }) =>
    `<rect x="130" y="60" width="150" height="150" rx="14" fill="${c}" ${OUTLINE}/><rect x="110" y="200" width="190" height="34" rx="8" fill="${d}" ${OUTLINE}/><path d="M130 234 L120 350 M280 234 L290 350 M160 234 v100 M250 234 v100" ${OUTLINE}/>`,
  stool: ({ c, d }) =>
    `<ellipse cx="200" cy="110" rx="90" ry="26" fill="${c}" ${OUTLINE}/><path d="M140 125 L110 350 M260 125 L290 350 M170 130 L165 350 M230 130 L235 350" stroke="${d}" stroke-width="10" stroke-linecap="round"/><path d="M122 260 h156" stroke="${d}" stroke-width="8"/>`,
  armchair: ({ c, d, l }) =>
    `<rect x="90" y="90" width="220" height="160" rx="40" fill="${c}" ${OUTLINE}/><rect x="50" y="170" width="70" height="130" rx="30" fill="${d}" ${OUTLINE}/><rect x="280" y="170" width="70" height="130" rx="30" fill="${d}" ${OUTLINE}/><rect x="110" y="220" width="180" height="70" rx="18" fill="${l}" ${OUTLINE}/><path d="M90 300 v40 M310 300 v40" ${OUTLINE}/>`,
  mop: ({ c, d }) =>
    `<path d="M120 230 h200 l-20 110 h-160 Z" fill="${c}" ${OUTLINE}/><ellipse cx="220" cy="230" rx="100" ry="18" fill="${d}" ${OUTLINE}/><path d="M110 40 L210 240" stroke="#b8bec4" stroke-width="12" stroke-linecap="round"/>`,
  broom: ({ c, d }) =>
    `<path d="M230 40 L180 220" stroke="#b98b5e" stroke-width="14" stroke-linecap="round"/><path d="M130 210 h100 l30 110 h-160 Z" fill="${c}" ${OUTLINE}/><path d="M140 250 l-10 70 M180 250 v70 M220 250 l10 70" stroke="${d}" stroke-width="5"/><path d="M260 340 h100 l-30 -60 h-60 Z" fill="${d}" ${OUTLINE}/>`,
  rack: ({ c }) =>
    `<path d="M80 340 L200 120 L320 340 M110 280 h180 M140 230 h120 M80 160 h240" fill="none" stroke="${c}" stroke-width="10" stroke-linecap="round"/><path d="M80 160 L200 120 L320 160" fill="none" ${OUTLINE}/><rect x="120" y="160" width="40" height="60" fill="#8ec3e6" ${OUTLINE}/><rect x="230" y="160" width="50" height="80" fill="#e7a6b4" ${OUTLINE}/>`,
  bottle: ({ c, d, l }) =>
    `<path d="M130 130 h140 q20 0 20 20 v170 q0 20 -20 20 h-140 q-20 0 -20 -20 v-170 q0 -20 20 -20 Z" fill="${c}" ${OUTLINE}/><rect x="170" y="86" width="60" height="44" rx="8" fill="${d}" ${OUTLINE}/><rect x="140" y="190" width="120" height="80" rx="10" fill="${l}"/><path d="M270 150 q40 30 0 80" fill="none" stroke="${d}" stroke-width="10"/>`,
  roll: ({ c, l }) =>
    [100, 200, 300]
      .map(
        (x) =>
          `<rect x="${x - 44}" y="130" width="88" height="170" fill="${c}" ${OUTLINE}/><ellipse cx="${x}" cy="130" rx="44" ry="16" fill="${l}" ${OUTLINE}/><ellipse cx="${x}" cy="130" rx="12" ry="5" fill="#b98b5e"/>`,
      )
      .join(''),
} as const satisfies Record<string, Draw>;

export type DrawingKind = keyof typeof DRAWINGS;

export function isDrawingKind(value: string): value is DrawingKind {
  return Object.hasOwn(DRAWINGS, value);
}

function clampByte(n: number): number {
  return Math.max(0, Math.min(255, Math.round(n)));
}

/** Mixes `hex` with black (amount < 0) or white (amount > 0). */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const target = amount < 0 ? 0 : 255;
  const weight = Math.abs(amount);
  return `#${channels
    .map((ch) =>
      clampByte(ch + (target - ch) * weight)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function palette(color: string): Palette {
  return { c: color, d: shade(color, -0.3), l: shade(color, 0.45) };
}

export const PRODUCT_IMAGE_SIZE = 600;

/** A square product picture: the drawing on a soft tint of its own colour. */
export function productSvg(kind: DrawingKind, color: string, size = PRODUCT_IMAGE_SIZE): string {
  const p = palette(color);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="${size}" height="${size}">`,
    `<rect width="400" height="400" fill="${shade(color, 0.85)}"/>`,
    `<ellipse cx="200" cy="350" rx="150" ry="18" fill="#000" fill-opacity="0.06"/>`,
    DRAWINGS[kind](p),
    '</svg>',
  ].join('');
}

export const SLIDE_WIDTH = 1200;
export const SLIDE_HEIGHT = 500;

/** A wide banner: three drawings on a band of colour. No text, so it suits every language. */
export function slideSvg(color: string, kinds: readonly DrawingKind[]): string {
  // Left, centre (larger, raised) and right slots on the right half; the left half stays calm for
  // the title the app lays over it.
  const slots = [
    { x: 470, y: 170, scale: 0.7, tint: 0.2 },
    { x: 690, y: 60, scale: 0.9, tint: -0.1 },
    { x: 930, y: 180, scale: 0.65, tint: 0.35 },
  ];
  const drawn = kinds
    .slice(0, slots.length)
    .map((kind, i) => {
      const slot = slots[i] ?? { x: 0, y: 0, scale: 1, tint: 0 };
      return `<g transform="translate(${slot.x} ${slot.y}) scale(${slot.scale})">${DRAWINGS[kind](palette(shade(color, slot.tint)))}</g>`;
    })
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SLIDE_WIDTH} ${SLIDE_HEIGHT}" width="${SLIDE_WIDTH}" height="${SLIDE_HEIGHT}">`,
    `<rect width="${SLIDE_WIDTH}" height="${SLIDE_HEIGHT}" fill="${shade(color, 0.75)}"/>`,
    `<circle cx="140" cy="420" r="260" fill="${shade(color, 0.5)}"/>`,
    `<circle cx="1120" cy="60" r="160" fill="${shade(color, 0.6)}"/>`,
    drawn,
    '</svg>',
  ].join('');
}
