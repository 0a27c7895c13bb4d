import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shop/shared';
import { useTranslation } from 'react-i18next';

/** The page language; the `/:lang` route keeps i18next in step with the URL. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
