import { SHOP_CALLS, type CallDef, type CallId, type ShopCallId } from '@shop/shared';
import { ApiError } from './api-error';
import type { CallResponse } from './call-types';

/**
 * The schemas of sign-in, checkout, payment, cards and orders: a chunk loaded with the first page
 * that needs them (app/router.tsx) or the first such call, not before home. A failed load is
 * forgotten, so the next call tries again.
 */
let orderingCalls: Promise<Readonly<Record<CallId, CallDef>>> | null = null;

export function loadOrderingCalls(): Promise<Readonly<Record<CallId, CallDef>>> {
  orderingCalls ??= import('./ordering-calls').then(({ ORDERING_CALLS }) => ({
    ...SHOP_CALLS,
    ...ORDERING_CALLS,
  }));
  orderingCalls.catch(() => {
    orderingCalls = null;
  });
  return orderingCalls;
}

function isShopCall(id: CallId): id is ShopCallId {
  return Object.hasOwn(SHOP_CALLS, id);
}

/**
 * A call's definition: at once for the shop's calls, after its chunk for the others. A chunk that
 * cannot load (offline, inside Telegram where no worker keeps it) fails as the call itself would.
 */
export async function callDef(id: CallId): Promise<CallDef> {
  if (isShopCall(id)) return SHOP_CALLS[id];
  try {
    return (await loadOrderingCalls())[id];
  } catch (error) {
    throw new ApiError({
      code: 'network_error',
      message: error instanceof Error ? error.message : 'Network error',
      status: 0,
    });
  }
}

/**
 * An answer that came by another way than this client (the server's HTML carries a page's data),
 * checked as a call's own answer is: parsed with its response schema, null when it does not fit.
 */
export function parseCallResponse<Id extends ShopCallId>(
  id: Id,
  json: unknown,
): CallResponse<Id> | null {
  const def: CallDef = SHOP_CALLS[id];
  const parsed = def.response.safeParse(json);
  return parsed.success ? (parsed.data as CallResponse<Id>) : null;
}
