// Every text the shop sends by SMS, in each language, in one place: a live Eskiz account delivers
// only texts that match a template its operator had approved, so this file is the list to submit
// (the README copies it). `{code}` stands for the digits filled in at sending.
import type { Language } from '@shop/shared';

export const SMS_TEMPLATES = {
  signInCode: {
    uz: 'Uy Shop: kirish kodi {code}. Uni hech kimga aytmang.',
    ru: 'Uy Shop: код для входа {code}. Никому его не сообщайте.',
    en: 'Uy Shop: your sign-in code is {code}. Do not share it with anyone.',
  },
} as const satisfies Record<string, Record<Language, string>>;

/** The sign-in code's SMS in the shopper's language. */
export function signInCodeText(lang: Language, code: string): string {
  return SMS_TEMPLATES.signInCode[lang].replace('{code}', code);
}

/** Every template, each language's text once: what a gateway's operator approves. */
export function allTemplates(): string[] {
  return Object.values(SMS_TEMPLATES).flatMap((byLanguage) => Object.values(byLanguage));
}
