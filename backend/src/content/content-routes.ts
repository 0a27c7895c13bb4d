import { CALLS } from '@shop/shared';
import type { Route } from '../http/route-binder';
import type { ContentService } from './content-service';

export function registerContentRoutes(route: Route, content: ContentService): void {
  route(CALLS.stores, async ({ lang }) => ({ data: await content.listStores(lang) }));
  route(CALLS.slides, async ({ lang }) => ({ data: await content.listSlides(lang) }));
  route(CALLS.deliverySettings, async ({ lang }) => ({
    data: await content.deliverySettings(lang),
  }));
}
