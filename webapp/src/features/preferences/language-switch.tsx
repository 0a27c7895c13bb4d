import { LANGUAGES, switchLanguagePath, type Language } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../../lib/router';
import { rememberLanguage } from '../../lib/i18n/language-cookie';
import { useLanguage } from '../../lib/i18n/use-language';
import { MenuButton } from '../../lib/ui/menu-button';

/** Each language in its own name, the same in every UI language. */
const ENDONYMS: Readonly<Record<Language, string>> = {
  uz: 'Oʻzbekcha',
  ru: 'Русский',
  en: 'English',
};

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
