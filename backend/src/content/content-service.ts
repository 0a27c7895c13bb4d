// The shop's content: its stores (stores.ts), how orders are delivered and paid
// (delivery-settings.ts), and what it writes for shoppers, slides, blog and info pages
// (editorial.ts).
import type { Language } from '@shop/shared';
import type { Db } from '../db/client';
import { deliverySettings } from './delivery-settings';
import { blog, infoPage, listBlogs, listInfoPages, listSlides } from './editorial';
import { findStore, listStores } from './stores';

export interface ContentServiceOptions {
  /** Minutes an unpaid card order is held; the settings tell the shopper. */
  paymentHoldMinutes: number;
}

export function createContentService(db: Db, options: ContentServiceOptions) {
  return {
    listStores: (lang: Language) => listStores(db, lang),
    findStore: (id: number) => findStore(db, id),
    listSlides: (lang: Language) => listSlides(db, lang),
    deliverySettings: (lang: Language) => deliverySettings(db, lang, options.paymentHoldMinutes),
    listBlogs: (page: number, lang: Language) => listBlogs(db, page, lang),
    blog: (slug: string, lang: Language) => blog(db, slug, lang),
    listInfoPages: (lang: Language) => listInfoPages(db, lang),
    infoPage: (slug: string, lang: Language) => infoPage(db, slug, lang, options),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
