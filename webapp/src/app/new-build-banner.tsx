import { useTranslation } from 'react-i18next';
import { usePwa } from '../lib/services/services-context';

/**
 * "A new version is ready — Reload": shown once a newer build is deployed while the page
 * is open. It only offers: a shopper in the middle of checkout reloads when they choose to.
 */
export function NewBuildBanner() {
  const { t } = useTranslation();
  const offered = usePwa((state) => state.reloadOffered);
  if (!offered) return null;
  return (
    <div className="notice notice--info new-build" role="status">
      <span>{t('pwa.newBuild')}</span>
      <button
        type="button"
        className="btn btn--primary btn--sm"
        onClick={() => {
          window.location.reload();
        }}
      >
        {t('pwa.reload')}
      </button>
    </div>
  );
}
