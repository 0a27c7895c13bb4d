import { useTranslation } from 'react-i18next';
import { shopConfig } from '../../lib/config/shop-config';
import { useLanguage } from '../../lib/i18n/use-language';
import { useServices } from '../../lib/services/services-context';
import { telegramShare, useIsTelegram } from '../../lib/telegram';
import { ShareIcon } from '../../lib/ui/icons';
import { productShareLink } from './share-link';

/**
 * "Share": Telegram's share-to-a-chat sheet inside Telegram; on the web the system share sheet
 * where the browser has one, else the link copied with a toast saying so.
 */
export function ShareButton({ slug, name }: { slug: string; name: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const isTelegram = useIsTelegram();
  const { toasts } = useServices();

  const share = async () => {
    const url = productShareLink(slug, lang, window.location.origin, shopConfig(), isTelegram);
    if (isTelegram && telegramShare(url, name)) return;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: name, url });
        return;
      } catch (error) {
        // The shopper closed the sheet: nothing to say. Anything else: copy instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toasts.getState().show({ kind: 'success', message: t('product.linkCopied') });
    } catch {
      toasts.getState().show({ kind: 'error', message: t('product.copyFailed', { url }) });
    }
  };

  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm product__share"
      onClick={() => {
        void share();
      }}
    >
      <ShareIcon size={18} />
      {t('product.share')}
    </button>
  );
}
