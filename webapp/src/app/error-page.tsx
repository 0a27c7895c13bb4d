import { buildPath } from '@shop/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from '../lib/router';
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
 * Route-level error boundary: 404 → "Page Not Found: {path}", a script chunk that
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

/** One message of the error page: its title (also the document's), a hint and the ways on. */
function ErrorMessage({
  title,
  hint,
  code,
  offerReload,
}: {
  title: string;
  hint: string;
  /** The status shown large above the title ("500"); none offline. */
  code?: string;
  /** A "Reload the page" button beside "Go home" (pointless offline: it loads by itself). */
  offerReload: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(title);
  return (
    <div className="error-page" role={code ? undefined : 'status'}>
      {code && (
        <p className="error-page__code" aria-hidden="true">
          {code}
        </p>
      )}
      <h1 className="error-page__title">{title}</h1>
      <p className="muted">{hint}</p>
      <div className="error-page__actions">
        {offerReload && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              window.location.reload();
            }}
          >
            {t('errorPage.reload')}
          </button>
        )}
        <Link
          className={offerReload ? 'btn btn--primary' : 'btn btn--secondary'}
          to={buildPath(lang, 'home')}
        >
          {t('common.goHome')}
        </Link>
      </div>
    </div>
  );
}

function OfflineError() {
  const { t } = useTranslation();
  return (
    <ErrorMessage
      title={t('errorPage.offline')}
      hint={t('errorPage.offlineHint')}
      offerReload={false}
    />
  );
}

function Reloading() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} />;
}

function InternalError() {
  const { t } = useTranslation();
  return (
    <ErrorMessage
      code="500"
      title={t('errorPage.internal')}
      hint={t('errorPage.internalHint')}
      offerReload
    />
  );
}
