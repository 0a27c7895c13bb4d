import type { DeliverySettings, Language, Slide, Store } from '@shop/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliveryMethods, paymentTypes, slides, stores } from '../db/schema';
import { SLIDE_HEIGHT, SLIDE_WIDTH } from '../media/drawings';
import { pick } from '../catalog/localize';

type StoreRow = typeof stores.$inferSelect;

export function toStore(row: StoreRow, lang: Language): Store {
  return {
    id: row.id,
    name: pick(row.name, lang),
    address: pick(row.address, lang),
    phone: row.phone,
    hours: pick(row.hours, lang),
    location: { lat: row.lat, lng: row.lng },
  };
}

export function slideImageUrl(id: number): string {
  return `/media/slides/${id}.svg`;
}

export function createContentService(db: Db) {
  async function listStores(lang: Language): Promise<Store[]> {
    const rows = await db.select().from(stores).orderBy(asc(stores.position), asc(stores.id));
    return rows.map((row) => toStore(row, lang));
  }

  async function findStore(id: number): Promise<StoreRow | undefined> {
    const [row] = await db.select().from(stores).where(eq(stores.id, id));
    return row;
  }

  async function listSlides(lang: Language): Promise<Slide[]> {
    const rows = await db.select().from(slides).orderBy(asc(slides.position), asc(slides.id));
    return rows.map((row) => ({
      id: row.id,
      title: pick(row.title, lang),
      subtitle: row.subtitle ? pick(row.subtitle, lang) : null,
      image: {
        url: slideImageUrl(row.id),
        width: SLIDE_WIDTH,
        height: SLIDE_HEIGHT,
        alt: pick(row.title, lang),
      },
      link: row.link,
    }));
  }

  async function deliverySettings(lang: Language): Promise<DeliverySettings> {
    const [methods, payments] = await Promise.all([
      db.select().from(deliveryMethods).orderBy(asc(deliveryMethods.position)),
      db.select().from(paymentTypes).orderBy(asc(paymentTypes.position)),
    ]);
    return {
      methods: methods.flatMap((m) =>
        m.type === 'pickup' || m.type === 'courier' || m.type === 'express'
          ? [
              {
                type: m.type,
                name: pick(m.name, lang),
                description: pick(m.description, lang),
                price: m.price,
                free_from: m.freeFrom,
                enabled: m.enabled,
              },
            ]
          : [],
      ),
      payment_types: payments.flatMap((p) =>
        p.type === 'on_receipt' || p.type === 'card'
          ? [{ type: p.type, name: pick(p.name, lang), enabled: p.enabled }]
          : [],
      ),
    };
  }

  return { listStores, findStore, listSlides, deliverySettings };
}

export type ContentService = ReturnType<typeof createContentService>;
