import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface SmsProvider {
  /** Resolves once the gateway took the message; rejects (with SmsNotSent from a gateway) if not. */
  send(phone: string, text: string): Promise<void>;
}

/**
 * Why a gateway did not take a message: `refused` when it answered no (a bad number, no balance, a
 * text it has not approved, wrong credentials), so trying again will not help; `unavailable` when
 * it could not be reached or did not answer in time. `reason` is for the operator's log: the
 * gateway's status and words, never a credential or a token.
 */
export class SmsNotSent extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable',
    readonly reason: string,
  ) {
    super(`SMS not sent (${kind}): ${reason}`);
    this.name = 'SmsNotSent';
  }
}

export interface OutboxLine {
  at: string;
  phone: string;
  text: string;
}

export interface ConsoleSmsOptions {
  dataDir: string;
  now: () => Date;
  /** Where the human-readable copy goes; defaults to stdout. */
  print?: (line: string) => void;
}

/**
 * Development SMS: prints each message and appends one JSON line to
 * `${dataDir}/outbox/sms.jsonl`, where tests and the end-to-end suite read the codes.
 */
export function createConsoleSmsProvider(options: ConsoleSmsOptions): SmsProvider {
  const dir = join(options.dataDir, 'outbox');
  const file = join(dir, 'sms.jsonl');
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  return {
    async send(phone, text) {
      const line: OutboxLine = { at: options.now().toISOString(), phone, text };
      await mkdir(dir, { recursive: true });
      // appendFile with one write per line keeps lines whole even with several writers.
      await appendFile(file, `${JSON.stringify(line)}\n`, 'utf8');
      print(`[sms] to ${phone}: ${text}`);
    },
  };
}

export function outboxPath(dataDir: string): string {
  return join(dataDir, 'outbox', 'sms.jsonl');
}
