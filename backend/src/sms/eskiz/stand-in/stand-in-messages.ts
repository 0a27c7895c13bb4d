// The Eskiz stand-in's messages: like a live account it takes only texts matching an approved
// template, and it has numbers that refuse, fail once, fail always or stall
// (stand-in-numbers.ts). A message it takes is kept, and handed on when a provider is given.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SmsProvider } from '../../sms-provider';
import { answer, field, readForm, unauthorized } from './stand-in-http';
import { STAND_IN_NUMBERS } from './stand-in-numbers';

export interface AcceptedSms {
  id: string;
  mobilePhone: string;
  message: string;
  from: string;
}

export interface StandInMessagesOptions {
  /** Texts it delivers, `{code}` standing for digits. */
  approvedTemplates: readonly string[];
  /** How long the slow number takes to answer. */
  slowMs: number;
  /** Where accepted messages are handed on (phone in the shop's "+998…" form). */
  deliverTo?: SmsProvider;
  /** Whether the request carries a live token. */
  signedIn: (request: IncomingMessage) => boolean;
}

interface Refusal {
  status: number;
  body: object;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A template as Eskiz matches it: the fixed words exactly, digits where `{code}` is. */
function templatePattern(template: string): RegExp {
  return new RegExp(`^${template.split('{code}').map(escapeRegExp).join('\\d{4,8}')}$`);
}

/** Why Eskiz would refuse this message, checked in its order; null when it takes it. */
function refusalOf(
  sms: Omit<AcceptedSms, 'id'>,
  approved: readonly RegExp[],
  failedOnce: Set<string>,
): Refusal | null {
  const { mobilePhone, message, from } = sms;
  if (!/^998\d{9}$/.test(mobilePhone) || mobilePhone === STAND_IN_NUMBERS.badNumber) {
    return {
      status: 400,
      body: { status: 'error', message: { mobile_phone: ['The mobile phone format is invalid.'] } },
    };
  }
  if (message === '' || from === '') {
    return {
      status: 400,
      body: { status: 'error', message: 'The message and from fields are required.' },
    };
  }
  if (mobilePhone === STAND_IN_NUMBERS.noBalance) {
    return { status: 400, body: { status: 'error', message: 'Insufficient balance.' } };
  }
  if (!approved.some((pattern) => pattern.test(message))) {
    return {
      status: 400,
      body: { status: 'error', message: 'This SMS text has not been approved.' },
    };
  }
  if (mobilePhone === STAND_IN_NUMBERS.serverError) {
    return { status: 500, body: { message: 'Server Error' } };
  }
  if (mobilePhone === STAND_IN_NUMBERS.flaky && !failedOnce.has(message)) {
    failedOnce.add(message);
    return { status: 503, body: { message: 'Service Unavailable' } };
  }
  return null;
}

export function createStandInMessages(options: StandInMessagesOptions) {
  const approved = options.approvedTemplates.map(templatePattern);
  const accepted: AcceptedSms[] = [];
  const sendCounts = new Map<string, number>();
  const failedOnce = new Set<string>();
  const stalls = new Set<NodeJS.Timeout>();

  function stall(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        stalls.delete(timer);
        resolve();
      }, options.slowMs);
      stalls.add(timer);
    });
  }

  async function send(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = await readForm(request);
    const mobilePhone = form === null ? '' : field(form, 'mobile_phone');
    const message = form === null ? '' : field(form, 'message');
    const from = form === null ? '' : field(form, 'from');
    sendCounts.set(mobilePhone, (sendCounts.get(mobilePhone) ?? 0) + 1);
    if (!options.signedIn(request)) {
      unauthorized(response);
      return;
    }
    const refused = refusalOf({ mobilePhone, message, from }, approved, failedOnce);
    if (refused) {
      answer(response, refused.status, refused.body);
      return;
    }
    if (mobilePhone === STAND_IN_NUMBERS.slow) await stall();
    const sms: AcceptedSms = { id: randomUUID(), mobilePhone, message, from };
    accepted.push(sms);
    await options.deliverTo?.send(`+${mobilePhone}`, message);
    answer(response, 200, { id: sms.id, message: 'Waiting for SMS provider', status: 'waiting' });
  }

  return {
    send,
    accepted: () => [...accepted],
    sendsTo: (mobilePhone: string) => sendCounts.get(mobilePhone) ?? 0,
    /** Ends the slow number's waits: its requests are closed with the server. */
    endStalls: () => {
      for (const timer of stalls) clearTimeout(timer);
      stalls.clear();
    },
  };
}
