// POST /tg/link: a signed-in shopper inside Telegram links their account to their chat with the
// bot. The Mini App sends Telegram's raw init data and the shopper's bearer token; the init data
// must be signed with this bot's token and fresh, the token must be the backend's, and init data
// that already linked another account is a replay.
import { CALLS, DEFAULT_LANGUAGE, UserSchema, fieldErrors, languageFromTag } from '@shop/shared';
import { validate } from '@telegram-apps/init-data-node';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../errors';
import type { UpstreamClient } from '../relay/upstream-client';
import type { NotifierStore } from './store';

export const LINK_PATH = '/tg/link';
const BEARER = /^Bearer [A-Za-z0-9._~+/=-]{1,512}$/;

const LinkRequestSchema = z.object({ init_data: z.string().min(1).max(4096) }).strict();
const InitDataUserSchema = z.object({
  id: z.number().int().positive(),
  language_code: z.string().max(35).optional(),
});
const UserIdSchema = UserSchema.pick({ id: true });

export interface LinkRouteOptions {
  store: NotifierStore;
  client: UpstreamClient;
  botToken: string;
  /** Oldest init data trusted (INIT_DATA_MAX_AGE_SECONDS). */
  maxAgeSeconds: number;
  now?: () => Date;
}

/** The user in validated init data, or null when it names none (it came from no private chat). */
function initDataUser(raw: string): { id: number; languageCode: string | undefined } | null {
  const text = new URLSearchParams(raw).get('user');
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const user = InitDataUserSchema.safeParse(json);
  return user.success ? { id: user.data.id, languageCode: user.data.language_code } : null;
}

export function registerLink(app: FastifyInstance, options: LinkRouteOptions): void {
  const now = options.now ?? (() => new Date());
  app.post(LINK_PATH, async (request) => {
    const authorization = request.headers.authorization;
    if (authorization === undefined || !BEARER.test(authorization)) {
      throw new HttpError('unauthorized', 'Sign in to continue');
    }
    const body = LinkRequestSchema.safeParse(request.body);
    if (!body.success) {
      throw new HttpError('validation_error', 'Some fields are not valid', fieldErrors(body.error));
    }
    const raw = body.data.init_data;
    try {
      // The library reads its own clock: a test moves `now` only for the store.
      validate(raw, options.botToken, { expiresIn: options.maxAgeSeconds });
    } catch {
      throw new HttpError('unauthorized', 'Telegram init data is not valid or too old');
    }
    const hash = new URLSearchParams(raw).get('hash');
    const user = initDataUser(raw);
    if (hash === null || user === null) {
      throw new HttpError('validation_error', 'The init data names no Telegram user');
    }

    const who = await options.client.send(
      {
        id: 'authUser',
        call: CALLS.authUser,
        target: CALLS.authUser.path,
        headers: { authorization },
      },
      AbortSignal.timeout(10_000),
      request.log,
    );
    if (who.kind === 'error') {
      throw who.status === 401
        ? new HttpError('unauthorized', 'Sign in to continue')
        : new HttpError('upstream_unavailable', 'The shop could not check the sign-in');
    }
    const shopUser = UserIdSchema.parse(who.data);
    const language = languageFromTag(user.languageCode) ?? DEFAULT_LANGUAGE;
    // A private chat's id is its user's id.
    const outcome = await options.store.linkByInitData(
      { hash, userId: shopUser.id, chatId: user.id, language },
      now(),
    );
    if (outcome === 'replayed') {
      throw new HttpError('conflict', 'This Telegram sign-in was already used for another account');
    }
    return { linked: true, language };
  });
}
