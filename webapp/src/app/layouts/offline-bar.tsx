import { useTranslation } from 'react-i18next';
import './offline-bar.css';
import { useOnline } from '../../lib/pwa/connection';

/**
 * "Offline — showing saved data": a quiet line at the top of the page's content
 * while the browser has no network, in the flow of the page (it covers nothing: not the header,
 * the bottom navigation, the new-build offer or Telegram's own bars), gone when the network is back.
 */
export function OfflineBar() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <p className="offline-bar" role="status">
      <span className="offline-bar__dot" aria-hidden="true" />
      {t('pwa.offline')}
    </p>
  );
}
