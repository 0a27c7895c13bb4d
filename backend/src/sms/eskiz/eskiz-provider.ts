// Sends SMS through Eskiz (notify.eskiz.uz). A send has one deadline for everything it does
// (a sign-in, the send, one retry), so a shopper waiting for a code never waits longer; each
// request gets at most half of it, so a first try that hangs leaves time for the retry. A refusal
// (a 4xx: bad number, no balance, a text Eskiz has not approved) is final; a failure (no answer,
// a 5xx, no answer in time) is tried once more; a 401 renews the token and sends once more.
import { SmsNotSent, type SmsProvider } from '../sms-provider';
import { callEskiz, untilAborted, type EskizAnswer } from './eskiz-http';
import { ESKIZ_PATHS, eskizPhone, refusalWords } from './eskiz-protocol';
import { createEskizTokens, type EskizAccount } from './eskiz-token';

export const DEFAULT_ESKIZ_TIMEOUT_MS = 8000;

export interface EskizSettings extends EskizAccount {
  /** The sender name or short number Eskiz gave the account (4546 on a test account). */
  from: string;
  /** The longest one message's sending may take, sign-in and retry included. */
  timeoutMs: number;
}

export interface EskizProviderDeps {
  now: () => Date;
}

type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'token rejected' }
  | { kind: 'refused'; reason: string }
  | { kind: 'failed'; reason: string };

function outcomeOf(answer: EskizAnswer): SendOutcome {
  if (!answer.answered) return { kind: 'failed', reason: answer.reason };
  const { status } = answer;
  // A 2xx means Eskiz queued it, whatever its body says: sending again could text it twice.
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 401) return { kind: 'token rejected' };
  const reason = `${status} ${refusalWords(answer.body)}`;
  return status >= 500 ? { kind: 'failed', reason } : { kind: 'refused', reason };
}

export function createEskizSmsProvider(
  settings: EskizSettings,
  deps: EskizProviderDeps,
): SmsProvider {
  const tokens = createEskizTokens({
    account: settings,
    now: deps.now,
    requestTimeoutMs: Math.ceil(settings.timeoutMs / 2),
  });
  const tooLate = () => new SmsNotSent('unavailable', 'Eskiz: no answer in time');

  function attempt(mobilePhone: string, text: string, token: string, deadline: AbortSignal) {
    return callEskiz(`${settings.apiUrl}${ESKIZ_PATHS.send}`, {
      method: 'POST',
      token,
      form: { mobile_phone: mobilePhone, message: text, from: settings.from },
      signal: AbortSignal.any([deadline, AbortSignal.timeout(Math.ceil(settings.timeoutMs / 2))]),
    });
  }

  return {
    async send(phone, text) {
      const mobilePhone = eskizPhone(phone);
      if (mobilePhone === null) throw new SmsNotSent('refused', 'not an Uzbek mobile number');
      const deadline = AbortSignal.timeout(settings.timeoutMs);
      let token = await untilAborted(tokens.current(), deadline, tooLate);
      let renewed = false;
      let retried = false;
      for (;;) {
        const outcome = outcomeOf(await attempt(mobilePhone, text, token, deadline));
        if (outcome.kind === 'sent') return;
        if (outcome.kind === 'refused') {
          throw new SmsNotSent('refused', `Eskiz send: ${outcome.reason}`);
        }
        if (outcome.kind === 'token rejected') {
          if (renewed) throw new SmsNotSent('refused', 'Eskiz send: 401 with a new token');
          renewed = true;
          token = await untilAborted(tokens.replace(token), deadline, tooLate);
          continue;
        }
        if (retried || deadline.aborted) {
          throw new SmsNotSent('unavailable', `Eskiz send: ${outcome.reason}`);
        }
        retried = true;
      }
    },
  };
}
