import { CALLS } from '@shop/shared';
import type { Route } from '../http/route-binder';
import type { ContentService } from './content-service';

export function registerContentRoutes(route: Route, content: ContentService): void {
  route(CALLS.stores, async ({ lang }) => ({ data: await content.listStores(lang) }));
  route(CALLS.slides, async ({ lang }) => ({ data: await content.listSlides(lang) }));
  route(CALLS.deliverySettings, async ({ lang }) => ({
    data: await content.deliverySettings(lang),
  }));
  route(CALLS.blogs, ({ query, lang }) => content.listBlogs(query.page ?? 1, lang));
  route(CALLS.blog, async ({ params, lang }) => ({ data: await content.blog(params.slug, lang) }));
  route(CALLS.infoPages, async ({ lang }) => ({ data: await content.listInfoPages(lang) }));
  route(CALLS.infoPage, async ({ params, lang }) => ({
    data: await content.infoPage(params.slug, lang),
  }));
}
