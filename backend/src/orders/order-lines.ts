// An order's lines: the variants asked for, checked to be on sale and visible to the account,
// then priced from the catalogue (a client's price is never read) and written down with the
// name, attributes and picture they are bought under: in the shopper's language, and in every
// language beside it, so the order reads in whichever it is opened in.
import { LANGUAGES, lineTotal, type Attribute, type FieldError, type Language } from '@shop/shared';
import { eq, inArray } from 'drizzle-orm';
import { localizeAttributes, pick } from '../catalog/localize';
import { productImageUrl } from '../catalog/product-rows';
import type { Db } from '../db/client';
import { productImages, products, variants, type StoredLineNames } from '../db/schema';
import { ShopError } from '@shop/shared/server';
import { isPgInt } from '../http/database-input';
import type { OrderedItem } from './order-input';

/** A variant asked for, with what the line needs of its product. */
export interface OrderedVariant {
  variant: typeof variants.$inferSelect;
  slug: string;
  name: (typeof products.$inferSelect)['name'];
  active: boolean;
  mxik: string;
  packageCode: string;
  categoryId: number;
}

/** An order line as it is stored (order_items without its order). */
export interface OrderLine {
  variantId: number;
  position: number;
  slug: string;
  name: string;
  attributes: Attribute[];
  names: StoredLineNames;
  price: number;
  quantity: number;
  total: number;
  mxik: string;
  packageCode: string;
  imgUrl: string | null;
}

/**
 * The variants of the items, or throws `product_unavailable` naming each item that is unknown,
 * no longer sold, or in a category the account does not see.
 */
export async function orderedVariants(
  tx: Db,
  items: readonly OrderedItem[],
  visibleCategoryIds: ReadonlySet<number>,
): Promise<OrderedVariant[]> {
  const ids = items.map((item) => item.product_id).filter(isPgInt);
  const found =
    ids.length === 0
      ? []
      : await tx
          .select({
            variant: variants,
            slug: products.slug,
            name: products.name,
            active: products.active,
            mxik: products.mxik,
            packageCode: products.packageCode,
            categoryId: products.categoryId,
          })
          .from(variants)
          .innerJoin(products, eq(products.id, variants.productId))
          .where(inArray(variants.id, ids));
  const unavailable: FieldError[] = [];
  items.forEach((item, index) => {
    const row = found.find((f) => f.variant.id === item.product_id);
    if (!row?.active || !visibleCategoryIds.has(row.categoryId)) {
      unavailable.push({
        field: `items.${index}.product_id`,
        message: `Product ${item.product_id} is not available`,
      });
    }
  });
  if (unavailable.length > 0) {
    throw new ShopError('product_unavailable', 'Some products are no longer sold.', {
      details: unavailable,
    });
  }
  return found;
}

/** The lines of the items, in the request's order, priced from their variants. */
export async function orderLines(
  tx: Db,
  items: readonly OrderedItem[],
  found: readonly OrderedVariant[],
  lang: Language,
): Promise<OrderLine[]> {
  const images = await tx
    .select()
    .from(productImages)
    .where(
      inArray(
        productImages.productId,
        found.map((f) => f.variant.productId),
      ),
    );
  return items.map((item, position) => {
    const row = found.find((f) => f.variant.id === item.product_id);
    if (!row) throw new Error('Checked by orderedVariants');
    // The picture in the variant's colour, else another of the product's.
    const image =
      images.find((i) => i.productId === row.variant.productId && i.color === row.variant.color) ??
      images.find((i) => i.productId === row.variant.productId);
    return {
      variantId: row.variant.id,
      position,
      slug: row.slug,
      name: pick(row.name, lang),
      attributes: localizeAttributes(row.variant.attributes, lang),
      names: Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          {
            name: pick(row.name, language),
            attributes: localizeAttributes(row.variant.attributes, language),
          },
        ]),
      ),
      price: row.variant.price,
      quantity: item.quantity,
      total: lineTotal({ price: row.variant.price, quantity: item.quantity }),
      mxik: row.mxik,
      packageCode: row.packageCode,
      imgUrl: image ? productImageUrl(row.slug, image.position) : null,
    };
  });
}
