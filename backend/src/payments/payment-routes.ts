import { CALLS } from '@shop/shared';
import type { Route } from '../http/route-binder';
import type { CardService } from './card-service';
import type { PaymentService } from './payment-service';

export function registerPaymentRoutes(
  route: Route,
  cards: CardService,
  payments: PaymentService,
): void {
  route(CALLS.createCard, async ({ user, body }) => cards.create(user.id, body));

  route(CALLS.resendCardCode, async ({ user, body }) => cards.resend(user.id, body.card_id));

  route(CALLS.confirmCard, async ({ user, body }) => ({
    data: await cards.confirm(user.id, body.card_id, body.code),
  }));

  route(CALLS.cards, async ({ user }) => ({ data: await cards.list(user.id) }));

  route(CALLS.removeCard, async ({ user, params }) => ({
    data: await cards.remove(user.id, Number(params.id)),
  }));

  route(CALLS.setDefaultCard, async ({ user, params }) => ({
    data: await cards.setDefault(user.id, Number(params.id)),
  }));

  route(CALLS.payOrder, async ({ user, params, body, lang }) => ({
    data: await payments.payOrder(user.id, params.tid, body.card_id, lang),
  }));
}
