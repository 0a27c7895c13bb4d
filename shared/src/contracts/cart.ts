import * as z from 'zod/mini';

/** One attribute of a variant as the shopper sees it, e.g. { code: 'color', name: 'Rang', value: 'Oq' }. */
export const AttributeSchema = z.object({
  code: z.string().check(z.minLength(1), z.maxLength(40)),
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  value: z.string().check(z.minLength(1), z.maxLength(100)),
});
export type Attribute = z.infer<typeof AttributeSchema>;

export const MAX_ITEM_QUANTITY = 999;
/**
 * The most of one item (variant) one order may carry unless the backend's
 * ORDER_LINE_QUANTITY_LIMIT says otherwise. The server tells the webapp the number in force, and
 * the quantity steppers stop there, so a cart built in the webapp is not refused for it.
 */
export const ORDER_LINE_QUANTITY_LIMIT = 20;
export const MAX_CART_LINES = 100;

/**
 * A cart line, as kept in local storage under `cart` and sent in the backend's cart calls; the
 * names are that stored format's, so carts saved earlier keep loading. `mxit` / `mxit_unit` carry
 * the product's MXIK code and package code, which every fiscal receipt line needs.
 */
export const CartItemSchema = z.object({
  product_id: z.int().check(z.positive()),
  name: z.string().check(z.minLength(1), z.maxLength(300)),
  img_url: z.nullable(z.string().check(z.maxLength(2048))),
  quantity: z.int().check(z.minimum(1), z.maximum(MAX_ITEM_QUANTITY)),
  attributes: z.array(AttributeSchema).check(z.maxLength(10)),
  price: z.int().check(z.nonnegative(), z.maximum(10_000_000_000)),
  slug: z.string().check(z.minLength(1), z.maxLength(120)),
  mxit: z.string().check(z.regex(/^\d{17}$/, 'MXIK code is 17 digits')),
  mxit_unit: z.string().check(z.minLength(1), z.maxLength(20)),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartSchema = z.array(CartItemSchema).check(z.maxLength(MAX_CART_LINES));
