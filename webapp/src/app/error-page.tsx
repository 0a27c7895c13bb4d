import { buildPath } from '@shop/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { useLanguage } from '../lib/i18n/use-language';
import { logWarning } from '../lib/log';
import {
  chunkReloadAllowed,
  isChunkLoadError,
  reloadOnceForChunkError,
} from '../lib/pwa/chunk-reload';
import { browserStorage } from '../lib/storage/storage';
import { NotFoundContent } from '../lib/ui/not-found';
import { Spinner } from '../lib/ui/states';
import { useDocumentTitle } from '../lib/ui/use-document-title';

/**
 * Route-level error boundary (spec §8): 404 → "Page Not Found: {path}", a script chunk that
 * failed to load → one guarded reload, anything else → "Internal Server Error". Offline, a chunk
 * cannot load and a reload would only show the browser's own error: the page says the shopper is
 * offline instead, and loads by itself once the connection is back.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const chunkFailed = isChunkLoadError(error);
  // Decided once per error: offline, reload (if the guard allows), or the error page.
  const [outcome] = useState<'offline' | 'reload' | 'error'>(() => {
    if (!chunkFailed) return 'error';
    if (!navigator.onLine) return 'offline';
    return chunkReloadAllowed(browserStorage('session'), pathname) ? 'reload' : 'error';
  });

  useEffect(() => {
    if (outcome === 'reload') {
      reloadOnceForChunkError({
        storage: browserStorage('session'),
        path: pathname,
        now: Date.now(),
        reload: () => {
          window.location.reload();
        },
      });
    } else if (outcome === 'offline') {
      const reloadOnline = () => {
        window.location.reload();
      };
      window.addEventListener('online', reloadOnline);
      return () => {
        window.removeEventListener('online', reloadOnline);
      };
    } else if (!isRouteErrorResponse(error)) {
      logWarning('Page failed', error);
    }
    return undefined;
  }, [outcome, error, pathname]);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  if (outcome === 'reload') return <Reloading />;
  if (outcome === 'offline') return <OfflineError />;
  return <InternalError />;
}

function OfflineError() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('errorPage.offline'));
  return (
    <div className="error-page" role="status">
      <h1 className="error-page__title">{t('errorPage.offline')}</h1>
      <p className="muted">{t('errorPage.offlineHint')}</p>
      <div className="error-page__actions">
        <Link className="btn btn--secondary" to={buildPath(lang, 'home')}>
          {t('common.goHome')}
        </Link>
      </div>
    </div>
  );
}

function Reloading() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} />;
}

function InternalError() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('errorPage.internal'));
  return (
    <div className="error-page">
      <p className="error-page__code" aria-hidden="true">
        500
      </p>
      <h1 className="error-page__title">{t('errorPage.internal')}</h1>
      <p className="muted">{t('errorPage.internalHint')}</p>
      <div className="error-page__actions">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            window.location.reload();
          }}
        >
          {t('errorPage.reload')}
        </button>
        <Link className="btn btn--primary" to={buildPath(lang, 'home')}>
          {t('common.goHome')}
        </Link>
      </div>
    </div>
  );
}
