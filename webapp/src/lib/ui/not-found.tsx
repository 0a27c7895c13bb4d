import { buildPath } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../router';
import { useLanguage } from '../i18n/use-language';
import { useDocumentTitle } from './use-document-title';

/** "Page Not Found: {path}", for unknown routes and for slugs the catalogue lacks. */
export function NotFoundContent() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { pathname } = useLocation();
  useDocumentTitle(t('errorPage.notFound'));
  return (
    <div className="error-page">
      <p className="error-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="error-page__title">{t('errorPage.notFoundPath', { path: pathname })}</h1>
      <p className="muted">{t('errorPage.notFoundHint')}</p>
      <Link className="btn btn--primary" to={buildPath(lang, 'home')}>
        {t('common.goHome')}
      </Link>
    </div>
  );
}
