import type { CartItem, ProductDetail } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { lineNaming } from './line-naming';

const red = (name: string, value: string) => [{ code: 'color', name, value }];

/** Oven mitts as added on /uz. */
const added: CartItem = {
  product_id: 41,
  name: 'Oshxona qoʻlqoplari',
  img_url: null,
  quantity: 1,
  attributes: red('Rang', 'Qizil'),
  price: 45_000,
  slug: 'oven-mitts',
  mxit: '12345678901234567',
  mxit_unit: '796',
};

/** The same product as the catalogue answers it in Russian. */
const inRussian: ProductDetail = {
  product_id: 40,
  slug: 'oven-mitts',
  name: 'Кухонные прихватки-рукавицы',
  description: '',
  price: 45_000,
  old_price: null,
  images: [],
  in_stock: true,
  quantity: 9,
  category: { slug: 'kitchen-textiles', name: 'Кухонный текстиль' },
  brand: { slug: 'paxta-soft', name: 'Paxta Soft' },
  mxik: '12345678901234567',
  package_code: '796',
  specifications: [],
  variants: [
    {
      product_id: 41,
      attributes: red('Цвет', 'Красный'),
      price: 45_000,
      old_price: null,
      in_stock: true,
      quantity: 9,
    },
  ],
  breadcrumbs: [],
  relateds: [],
};

describe('lineNaming', () => {
  it('names the line as the catalogue does in the language it was read in', () => {
    expect(lineNaming(added, inRussian)).toEqual({
      name: 'Кухонные прихватки-рукавицы',
      attributes: red('Цвет', 'Красный'),
    });
  });

  it('keeps the text the line was added with while the catalogue is unknown or lacks the variant', () => {
    const own = { name: 'Oshxona qoʻlqoplari', attributes: red('Rang', 'Qizil') };
    expect(lineNaming(added, undefined)).toEqual(own);
    expect(lineNaming(added, null)).toEqual(own);
    expect(lineNaming(added, { ...inRussian, variants: [] })).toEqual(own);
  });
});
