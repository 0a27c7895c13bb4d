import { z } from 'zod';

/** One attribute of a variant as the shopper sees it, e.g. { code: 'color', name: 'Rang', value: 'Oq' }. */
export const AttributeSchema = z.object({
  code: z.string().min(1).max(40),
  name: z.string().min(1).max(100),
  value: z.string().min(1).max(100),
});
export type Attribute = z.infer<typeof AttributeSchema>;

export const MAX_ITEM_QUANTITY = 999;
export const MAX_CART_LINES = 100;

/**
 * A cart line with exactly the spec's fields (§3). `mxit` / `mxit_unit` carry the product's MXIK
 * code and package code, which every fiscal receipt line needs.
 */
export const CartItemSchema = z.object({
  product_id: z.number().int().positive(),
  name: z.string().min(1).max(300),
  img_url: z.string().max(2048).nullable(),
  quantity: z.number().int().min(1).max(MAX_ITEM_QUANTITY),
  attributes: z.array(AttributeSchema).max(10),
  price: z.number().int().nonnegative().max(10_000_000_000),
  slug: z.string().min(1).max(120),
  mxit: z.string().regex(/^\d{17}$/, 'MXIK code is 17 digits'),
  mxit_unit: z.string().min(1).max(20),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartSchema = z.array(CartItemSchema).max(MAX_CART_LINES);
