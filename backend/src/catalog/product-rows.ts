// The product answer (ProductSchema) straight from SQL: one row per product with its variants and
// pictures gathered as JSON and its texts picked in the shopper's language, so a page of products
// costs one statement. Products are loaded by id with it, and kept, in product-cache.ts.
import type { Language, Product } from '@shop/shared';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';

export function productImageUrl(slug: string, position: number): string {
  return `/media/products/${slug}-${position}.svg`;
}

const text = z.string();
const int = z.number().int();

export const ProductRowSchema = z.object({
  id: int,
  slug: text,
  name: text,
  description: text,
  mxik: text,
  package_code: text,
  category_slug: text,
  category_name: text,
  brand_slug: text,
  brand_name: text,
  specifications: z.array(z.object({ name: text, value: text })),
  variants: z.array(
    z.object({
      id: int,
      price: int,
      old_price: int.nullable(),
      quantity: int,
      attributes: z.array(z.object({ code: text, name: text, value: text })),
    }),
  ),
  images: z.array(z.object({ position: int, width: int, height: int })),
});
export type ProductRow = z.output<typeof ProductRowSchema>;

/** Rows of the products whose ids are in `ids` (an SQL int[] expression), in no set order. */
export function productRowsSql(ids: SQL, lang: Language): SQL {
  return sql`
    select p.id, p.slug, p.name ->> ${lang}::text as name,
      p.description ->> ${lang}::text as description, p.mxik, p.package_code,
      c.slug as category_slug, c.name ->> ${lang}::text as category_name,
      b.slug as brand_slug, b.name as brand_name,
      coalesce((
        select json_agg(json_build_object(
          'name', s.item -> 'name' ->> ${lang}::text, 'value', s.item -> 'value' ->> ${lang}::text
        ) order by s.n)
        from jsonb_array_elements(p.specifications) with ordinality as s(item, n)
      ), '[]') as specifications,
      coalesce((
        select json_agg(json_build_object(
          'id', v.id, 'price', v.price, 'old_price', v.old_price, 'quantity', v.quantity,
          'attributes', coalesce((
            select json_agg(json_build_object(
              'code', a.item ->> 'code',
              'name', a.item -> 'name' ->> ${lang}::text,
              'value', a.item -> 'value' ->> ${lang}::text
            ) order by a.n)
            from jsonb_array_elements(v.attributes) with ordinality as a(item, n)
          ), '[]')
        ) order by v.position, v.id)
        from variants v where v.product_id = p.id
      ), '[]') as variants,
      coalesce((
        select json_agg(json_build_object('position', i.position, 'width', i.width,
          'height', i.height) order by i.position)
        from product_images i where i.product_id = p.id
      ), '[]') as images
    from products p
    join categories c on c.id = p.category_id
    join brands b on b.id = p.brand_id
    where p.id = any(${ids})`;
}

const discount = (price: number, old: number | null) => (old !== null && old > price ? old : null);

/**
 * The products of `rows` in the order of `ids`. Price and old price are the cheapest variant's,
 * in stock when any variant is, quantity their sum; a product without variants cannot be bought,
 * so it is left out.
 */
export function productsInOrder(ids: readonly number[], rows: readonly ProductRow[]): Product[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id): Product[] => {
    const row = byId.get(id);
    const cheapest = row?.variants.reduce<ProductRow['variants'][number] | undefined>(
      (best, v) => (best === undefined || v.price < best.price ? v : best),
      undefined,
    );
    if (!row || !cheapest) return [];
    return [
      {
        product_id: id,
        slug: row.slug,
        name: row.name,
        description: row.description,
        price: cheapest.price,
        old_price: discount(cheapest.price, cheapest.old_price),
        images: row.images.map((image) => ({
          url: productImageUrl(row.slug, image.position),
          width: image.width,
          height: image.height,
          alt: row.name,
        })),
        in_stock: row.variants.some((v) => v.quantity > 0),
        quantity: row.variants.reduce((sum, v) => sum + v.quantity, 0),
        category: { slug: row.category_slug, name: row.category_name },
        brand: { slug: row.brand_slug, name: row.brand_name },
        mxik: row.mxik,
        package_code: row.package_code,
        specifications: row.specifications,
        variants: row.variants.map((v) => ({
          product_id: v.id,
          attributes: v.attributes,
          price: v.price,
          old_price: discount(v.price, v.old_price),
          in_stock: v.quantity > 0,
          quantity: v.quantity,
        })),
      },
    ];
  });
}
