// `POST /tg/phone-sign-in`: inside Telegram, the shopper shares the phone of their Telegram account
// (requestContact) and is signed in with no SMS. Telegram signs the contact with the bot's token
// like init data; it is trusted only when that signature holds, it is fresh, it is the contact of
// the user who launched the app (the init data, also checked), and the number is Uzbek. The chat
// is then linked as POST /tg/link links it, its menu button following its language. Each signed
// contact signs in once (spent_contacts, shared by every server on the database).
import {
  DEFAULT_LANGUAGE,
  PHONE_NOT_UZBEK_RULE,
  TELEGRAM_LINK_PATHS,
  TelegramPhoneSignInRequestSchema,
  fieldErrors,
  languageFromTag,
  normalizeUzPhone,
  type VerifyOtpResponse,
} from '@shop/shared';
import { ShopError } from '@shop/shared/server';
import type { FastifyInstance } from 'fastify';
import { checkSharedContact, SignedDataError, type SharedContact } from './signed-data';
import { botOff, checkedInitData, settleLinkedChat, type LinkBot } from './link-route';
import type { NotifierStore } from '../notifier/store';
import type { TrustedSignInCall } from './trusted-sign-in-client';

export interface PhoneSignInOptions {
  store: NotifierStore;
  bot: Pick<LinkBot, 'token' | 'maxAgeSeconds' | 'onLinked'> | null;
  /** The backend's sign-in without a code; null: not offered, the shopper signs in by SMS. */
  signIn: TrustedSignInCall | null;
  now?: () => Date;
}

function checkedContact(raw: string, bot: Pick<LinkBot, 'token' | 'maxAgeSeconds'>): SharedContact {
  try {
    // The same window as init data: a contact is shared just before it is sent.
    return checkSharedContact(raw, bot.token, { maxAgeSeconds: bot.maxAgeSeconds });
  } catch (error) {
    const fault = error instanceof SignedDataError ? error.fault : 'invalid';
    throw new ShopError(
      'unauthorized',
      fault === 'invalid'
        ? 'The shared contact is not signed by Telegram for this shop'
        : 'The shared contact is too old or dated in the future; share it again',
    );
  }
}

/** Telegram writes the number without "+" (998901234567); only Uzbek mobile numbers sign in. */
function uzbekPhone(phoneNumber: string): string {
  const digits = phoneNumber.trim().replace(/^\+/, '');
  const phone = /^\d{12}$/.test(digits) ? normalizeUzPhone(`+${digits}`) : null;
  if (phone === null) {
    throw new ShopError('validation_error', 'Only an Uzbek mobile number (+998) can sign in', {
      details: [
        {
          field: 'contact',
          message: 'Only an Uzbek mobile number (+998) can sign in; use the SMS code instead',
          rule: PHONE_NOT_UZBEK_RULE,
        },
      ],
    });
  }
  return phone;
}

export function registerPhoneSignIn(app: FastifyInstance, options: PhoneSignInOptions): void {
  const now = options.now ?? (() => new Date());
  const { store, bot, signIn } = options;

  app.post(TELEGRAM_LINK_PATHS.phoneSignIn, async (request): Promise<VerifyOtpResponse> => {
    const body = TelegramPhoneSignInRequestSchema.safeParse(request.body);
    if (!body.success) {
      throw new ShopError('validation_error', 'Some fields are not valid', {
        details: fieldErrors(body.error),
      });
    }
    if (!bot) throw botOff();
    if (!signIn) {
      throw new ShopError('not_found', 'This shop signs in by SMS code only');
    }
    const { hash, user } = checkedInitData(body.data.init_data, bot);
    const contact = checkedContact(body.data.contact, bot);
    if (contact.userId !== user.id) {
      throw new ShopError('forbidden', 'The shared contact belongs to another Telegram user');
    }
    const phone = uzbekPhone(contact.phoneNumber);
    // A contact signs in once, at whichever server: a second use is a replay. It is spent before
    // the sign-in, so two at once cannot both pass; one whose sign-in failed is spent too, and the
    // shopper shares the number again.
    const spent = {
      hash: contact.hash,
      telegramUserId: contact.userId,
      expiresAt: new Date(contact.signedAt.getTime() + bot.maxAgeSeconds * 1000),
    };
    if (!(await store.spendContact(spent, now()))) {
      throw new ShopError('conflict', 'This shared contact was already used; share it again');
    }
    const signedIn = await signIn(phone);
    const telegramLanguage = languageFromTag(user.languageCode) ?? DEFAULT_LANGUAGE;
    // A private chat's id is its user's id. Init data that already linked another account (the
    // shopper switched accounts in this launch) still links: the signed contact proves this
    // chat's owner holds this account's phone.
    const link = { userId: signedIn.user.id, chatId: user.id, language: telegramLanguage };
    if ((await store.linkByInitData({ hash, ...link }, now())) === 'replayed') {
      await store.linkChat(link, now());
    }
    await settleLinkedChat({ store, bot, now, log: request.log }, user, telegramLanguage);
    return signedIn;
  });
}
