// The staff chat's parts, as main.ts puts them together, when STAFF_CHAT_ID is set: its row in the
// notifier's store, where its buttons move orders, and what its buttons and commands work with.
import type { EmbeddedBackend } from '@shop/backend';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, OperatorApi } from '../config';
import type { Notifier } from '../notifier/notifier';
import type { NotifierStore } from '../notifier/store';
import { createOperatorClient } from './operator-client';
import type { StaffDeps } from './staff-deps';

/** The staff chat is known to the store (its language) before any card is queued for it. */
export async function registerStaffChat(config: Config, store: NotifierStore): Promise<void> {
  if (!config.staff) return;
  await store.ensureStaffChat(config.staff.chatId, config.staff.language, new Date());
}

/**
 * Where the staff buttons move orders: the embedded backend's own operator call, or the outside
 * backend's (OPERATOR_API_URL); null: staff cards come without buttons.
 */
export function staffOperatorApi(
  config: Config,
  backend: EmbeddedBackend | null,
): OperatorApi | null {
  if (!config.staff) return null;
  if (backend) return { url: backend.url, secret: backend.operatorSecret };
  return config.staff.operatorApi;
}

/** The staff chat's buttons and commands, when STAFF_CHAT_ID is set; they log as `staff`. */
export function staffFor(
  config: Config,
  parts: { store: NotifierStore; notifier: Notifier; operatorApi: OperatorApi | null },
  log: FastifyBaseLogger,
): StaffDeps | undefined {
  if (!config.staff) return undefined;
  return {
    chatId: config.staff.chatId,
    userIds: config.staff.userIds,
    language: config.staff.language,
    store: parts.store,
    notifier: parts.notifier,
    operator: parts.operatorApi
      ? createOperatorClient(parts.operatorApi, config.upstreamTimeoutMs)
      : null,
    logger: log.child({ module: 'staff' }),
  };
}
