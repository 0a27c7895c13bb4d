import { SearchBox } from '../../features/catalog/search/search-box';
import { LanguageSwitch } from '../../features/preferences/language-switch';
import { ThemeSwitch } from '../../features/preferences/theme-switch';
import { Outlet } from '../../lib/router';
import { useIsTelegram } from '../../lib/telegram';
import { useGoBack, useIsRootPage } from '../app-shell';
import { BottomNav } from './bottom-nav';
import { OfflineBar } from './offline-bar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * Standalone: the shop's header (back, logo, search, switches, cart) and a tab bar. Inside
 * Telegram its own header and BackButton take that place: no header of ours, the search and the
 * cart move into the tab bar and the switches into the footer.
 */
export function DefaultLayout() {
  const isTelegram = useIsTelegram();
  const isRoot = useIsRootPage();
  const goBack = useGoBack();
  return (
    <div className={isTelegram ? 'page page--telegram' : 'page'}>
      {!isTelegram && (
        <SiteHeader
          onBack={isRoot ? null : goBack}
          search={<SearchBox />}
          switches={
            <>
              <LanguageSwitch />
              <ThemeSwitch />
            </>
          }
        />
      )}
      <main className="page__main">
        <OfflineBar />
        <Outlet />
      </main>
      <SiteFooter
        switches={
          isTelegram ? (
            <>
              <LanguageSwitch up />
              <ThemeSwitch up />
            </>
          ) : undefined
        }
      />
      <BottomNav withCart={isTelegram} withSearch={isTelegram} />
    </div>
  );
}
