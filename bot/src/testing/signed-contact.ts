import { signData } from '@telegram-apps/init-data-node';

/** A contact as Telegram's requestContact answers it: `contact=<JSON>&auth_date=…&hash=…`. */
export interface ContactToSign {
  user_id: number;
  phone_number: string;
  first_name?: string;
  last_name?: string;
}

/** The query string Telegram returns for a shared contact, signed with `botToken` like init data. */
export function signContact(contact: ContactToSign, botToken: string, authDate: Date): string {
  const fields = new URLSearchParams({
    contact: JSON.stringify(contact),
    auth_date: String(Math.floor(authDate.getTime() / 1000)),
  });
  const lines = [...fields].map(([key, value]) => `${key}=${value}`).sort();
  fields.set('hash', signData(lines.join('\n'), botToken));
  return fields.toString();
}
