import { LanguageSwitch } from '../../features/preferences/language-switch';
import { Outlet } from '../../lib/router';
import { useIsTelegram } from '../../lib/telegram';
import { useGoBack } from '../app-shell';
import { OfflineBar } from './offline-bar';
import { SiteHeader } from './site-header';

/**
 * Checkout pages: no tab bar or footer to wander off through mid-order. Inside
 * Telegram only the page itself: its BackButton and MainButton do the rest.
 */
export function CheckoutLayout() {
  const isTelegram = useIsTelegram();
  const goBack = useGoBack();
  return (
    <div className={isTelegram ? 'page page--checkout page--telegram' : 'page page--checkout'}>
      {!isTelegram && <SiteHeader onBack={goBack} switches={<LanguageSwitch />} />}
      <main className="page__main">
        <OfflineBar />
        <Outlet />
      </main>
    </div>
  );
}
