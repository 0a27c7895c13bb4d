// Telegram sign-in and the chat ↔ account link, as main.ts and server.ts put them together: the
// bot behind the calls (when there is one), the backend that signs a proven phone in, and the four
// calls on the server.
import type { EmbeddedBackend } from '@shop/backend';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { NotifierStore } from '../notifier/store';
import type { UpstreamClient } from '../relay/upstream-client';
import { setChatMenuOf } from '../telegram/menu-button';
import type { Telegram } from '../telegram/prepare-telegram';
import { registerLink, type LinkBot } from './link-route';
import { registerPhoneSignIn } from './phone-sign-in-route';
import { createTrustedSignIn, type TrustedSignInApi } from './trusted-sign-in-client';
import { registerWriteAccess } from './write-access-route';

/**
 * The bot behind the calls: init data and contacts are checked against its token and age, and
 * link-token URLs name its username once known.
 */
export interface TelegramLinkDeps {
  botToken: string;
  maxAgeSeconds: number;
  botUsername?: () => string | null;
  /** A chat was linked in a known language (LinkBot.onLinked). */
  onLinked?: LinkBot['onLinked'];
}

/** The bot behind the calls when BOT_TOKEN is set; it is asked for its username when called. */
export function telegramLinkFor(
  config: Config,
  telegram: () => Telegram | null,
): TelegramLinkDeps | undefined {
  if (!config.telegram.enabled) return undefined;
  return {
    botToken: config.telegram.token,
    maxAgeSeconds: config.initDataMaxAgeSeconds,
    botUsername: () => telegram()?.username() ?? null,
    // The chat's menu button in its language, for a chat that may never press Start.
    onLinked: async ({ chatId, language }, log) => {
      const api = telegram()?.bot?.api;
      if (api) await setChatMenuOf(api, chatId, config.publicUrl, language, log);
    },
  };
}

/**
 * Where the one-tap sign-in with the Telegram phone signs shoppers in: the embedded backend's
 * operator call, or an outside backend's (TRUSTED_SIGN_IN_URL); null: SMS codes only.
 */
export function trustedSignInApi(
  config: Config,
  backend: EmbeddedBackend | null,
): TrustedSignInApi | null {
  if (backend) return { url: backend.url, secret: backend.operatorSecret };
  return config.trustedSignIn;
}

/** The bot as each call needs it: to check signatures, to link a chat too, and to name itself. */
function botsFor(link: TelegramLinkDeps | undefined) {
  if (!link) return { signing: null, linking: null, naming: null };
  const signing = { token: link.botToken, maxAgeSeconds: link.maxAgeSeconds };
  const linking = { ...signing, ...(link.onLinked ? { onLinked: link.onLinked } : {}) };
  return { signing, linking, naming: { ...linking, username: link.botUsername ?? (() => null) } };
}

/**
 * `POST /tg/phone-sign-in`, `POST /tg/write-access` and the three link calls. They are there with
 * the bot off too (`link` absent), so the webapp always gets an answer.
 */
export function registerTelegramAccountCalls(
  app: FastifyInstance,
  parts: {
    store: NotifierStore;
    client: UpstreamClient;
    link: TelegramLinkDeps | undefined;
    trustedSignIn: TrustedSignInApi | undefined;
  },
): void {
  const { store, client, trustedSignIn } = parts;
  const bots = botsFor(parts.link);
  registerPhoneSignIn(app, {
    store,
    // Linking from here sets the chat's menu button too, as POST /tg/link does.
    bot: bots.linking,
    signIn: trustedSignIn ? createTrustedSignIn(trustedSignIn) : null,
  });
  registerWriteAccess(app, { store, bot: bots.signing });
  registerLink(app, { store, client, bot: bots.naming });
}
