import { useTranslation } from 'react-i18next';
import { needsIosInstallHowTo } from '../../lib/pwa/install-prompt';
import { usePwa } from '../../lib/services/services-context';
import { useIsTelegram } from '../../lib/telegram';

/**
 * "Install the app": the browser's own offer where it makes one (Chromium's
 * beforeinstallprompt), a short how-to in Safari on iOS, nothing inside Telegram or once installed.
 */
export function InstallEntry() {
  const { t } = useTranslation();
  const offer = usePwa((state) => state.installPrompt);
  const setOffer = usePwa((state) => state.setInstallPrompt);
  const inTelegram = useIsTelegram();
  if (inTelegram) return null;
  if (offer) {
    return (
      <button
        type="button"
        className="btn btn--secondary btn--sm site-footer__install"
        onClick={() => {
          // The browser takes an offer once; whatever the answer, it makes a new one if needed.
          setOffer(null);
          void offer.prompt();
        }}
      >
        {t('pwa.install')}
      </button>
    );
  }
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone;
  if (!needsIosInstallHowTo(navigator.userAgent, standalone)) return null;
  return (
    <details className="site-footer__install">
      <summary>{t('pwa.install')}</summary>
      <p className="muted">{t('pwa.iosHowTo')}</p>
    </details>
  );
}
