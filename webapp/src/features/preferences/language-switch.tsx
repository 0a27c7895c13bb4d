import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGES,
  switchLanguagePath,
  type Language,
} from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLanguage } from '../../lib/i18n/use-language';
import { MenuButton } from '../../lib/ui/menu-button';

/** Each language in its own name, the same in every UI language. */
const ENDONYMS: Readonly<Record<Language, string>> = {
  uz: 'Oʻzbekcha',
  ru: 'Русский',
  en: 'English',
};

export function rememberLanguage(language: Language): void {
  // Spec §2: the choice lives in a cookie for 365 days; the server reads it for redirects.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
}

/** "Language": the same page in another language, remembered for the next visit. */
export function LanguageSwitch({ up = false }: { up?: boolean }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <span className={up ? 'menu--up' : undefined}>
      <MenuButton
        label={t('header.language')}
        faceClassName="icon-button language-face"
        face={current.toUpperCase()}
        options={LANGUAGES.map((language) => ({
          value: language,
          label: ENDONYMS[language],
          lang: language,
        }))}
        value={current}
        onSelect={(next) => {
          rememberLanguage(next);
          void navigate(
            switchLanguagePath(location.pathname + location.search + location.hash, next),
          );
        }}
      />
    </span>
  );
}
