// What every table file shares: texts kept per language and the one timestamp type.
import { timestamp } from 'drizzle-orm/pg-core';

/** A text in the three shop languages, in one jsonb column ({ uz, ru, en }): adding a field never
 * means three columns, and a query picks the shopper's language with `->>`. */
export interface LocalizedText {
  uz: string;
  ru: string;
  en: string;
}

/** Times are always stored with their zone and read as Dates. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
