import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
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
