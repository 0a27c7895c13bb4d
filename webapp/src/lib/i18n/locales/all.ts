import type { Language } from '@shop/shared';
import type { Messages } from './messages';
import { en as enOrdering } from './ordering/en';
import { ru as ruOrdering } from './ordering/ru';
import { uz as uzOrdering } from './ordering/uz';
import { en as enShop } from './shop/en';
import { ru as ruShop } from './shop/ru';
import { uz as uzShop } from './shop/uz';

/**
 * Every text of every language, whole: for tests and the build (web manifests). The app never
 * imports this: it loads each language's parts as its pages need them (../i18n.ts).
 */
export const MESSAGES: Readonly<Record<Language, Messages>> = {
  uz: { ...uzShop, ...uzOrdering },
  ru: { ...ruShop, ...ruOrdering },
  en: { ...enShop, ...enOrdering },
};
