import { CALLS } from '@shop/shared';
import type { Route } from '../http/route-binder';
import { SEARCH_LIMIT, type CatalogService } from './catalog-service';
import type { OrderService } from '../orders/order-service';
import { isPgInt } from '../http/database-input';
import { notFound } from '@shop/shared/server';
import { pageMeta } from '../http/paging';

export function registerCatalogRoutes(
  route: Route,
  catalog: CatalogService,
  orders: OrderService,
): void {
  route(CALLS.categories, async ({ lang, accountType }) => ({
    data: await catalog.categoryTree(lang, accountType),
  }));
  route(CALLS.categoriesAlias, async ({ lang, accountType }) => ({
    data: await catalog.categoryTree(lang, accountType),
  }));
  route(CALLS.home, ({ lang, accountType }) => catalog.home(lang, accountType));
  route(CALLS.products, ({ body, lang, accountType }) =>
    catalog.listProducts(body, lang, accountType),
  );
  route(CALLS.product, async ({ params, query, lang, accountType }) => {
    const withRelateds = query['resources[]'] !== undefined;
    return { data: await catalog.productDetail(params.slug, lang, accountType, withRelateds) };
  });
  route(CALLS.search, async ({ query, lang, accountType }) => ({
    data: await catalog.search(query.q, query.limit ?? SEARCH_LIMIT, lang, accountType),
  }));

  // Customer-scoped calls: the relay lets a bearer through only for its own customer id, so the
  // backend trusts the id it is given (behind the API key).
  route(CALLS.customerOrders, async ({ params, query, lang }) => {
    const customerId = Number(params.customerId);
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 20;
    if (!isPgInt(customerId)) {
      return { data: [], meta: pageMeta(0, page, perPage) };
    }
    return orders.customerOrders(customerId, page, perPage, lang);
  });
  route(CALLS.customerOrderDetails, async ({ params, lang }) => {
    const customerId = Number(params.customerId);
    const orderId = Number(params.orderId);
    if (!isPgInt(customerId) || !isPgInt(orderId)) throw notFound('Order not found');
    return { data: await orders.customerOrder(customerId, orderId, lang) };
  });
}
