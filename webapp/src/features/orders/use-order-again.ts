import { buildPath, SlugSchema, type Order, type ProductDetail } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { isApiError } from '../../lib/api/api-error';
import { shopConfig } from '../../lib/config/shop-config';
import { useLanguage } from '../../lib/i18n/use-language';
import { productQueryOptions } from '../../lib/products/get-product';
import { useRequestScope } from '../../lib/query-client/use-request-scope';
import { useApi, useServices } from '../../lib/services/services-context';
import { telegramHaptic } from '../../lib/telegram';
import { planOrderAgain } from './order-again';

/** As fresh as the cart wants its stock (use-cart-stock): recent enough to promise a line. */
const STOCK_STALE_MS = 15_000;

/**
 * "Order again": reads each line's product as the cart does, puts what is on sale in the cart
 * (at today's price, at most what is in stock) and goes to the cart, saying what was left out.
 */
export function useOrderAgain() {
  const { t } = useTranslation();
  const api = useApi();
  const scope = useRequestScope();
  const queryClient = useQueryClient();
  const services = useServices();
  const navigate = useNavigate();
  const lang = useLanguage();

  return useMutation({
    mutationFn: async (order: Order) => {
      const slugs = [...new Set(order.items.map((item) => item.slug))].filter(
        (slug) => SlugSchema.safeParse(slug).success,
      );
      const products = new Map<string, ProductDetail | null>();
      await Promise.all(
        slugs.map(async (slug) => {
          try {
            const answer = await queryClient.query({
              ...productQueryOptions(api, scope, slug),
              staleTime: STOCK_STALE_MS,
            });
            products.set(slug, answer.data);
          } catch (error) {
            // A product the catalogue no longer has is a line left out, not a failure.
            if (isApiError(error) && error.status === 404) products.set(slug, null);
            else throw error;
          }
        }),
      );
      const { items } = services.cart.getState();
      return planOrderAgain(order.items, products, items, shopConfig().orderLineQuantityLimit);
    },
    onSuccess: (plan) => {
      const toasts = services.toasts.getState();
      if (plan.add.length === 0) {
        telegramHaptic('error');
        toasts.show({ kind: 'error', message: t('orders.againNothing') });
        return;
      }
      for (const line of plan.add) services.cart.getState().add(line);
      telegramHaptic('success');
      if (plan.short.length > 0) {
        toasts.show({
          kind: 'info',
          message: t('orders.againShort', { names: plan.short.join(', ') }),
        });
      }
      if (plan.unavailable.length > 0) {
        toasts.show({
          kind: 'info',
          message: t('orders.againUnavailable', { names: plan.unavailable.join(', ') }),
        });
      }
      void navigate(buildPath(lang, 'cart'));
    },
  });
}
