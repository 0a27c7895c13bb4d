import { buildPath, cartCount } from '@shop/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAuth, useCart } from '../../lib/services/services-context';
import { BackIcon, CartIcon, LogoMark } from '../../lib/ui/icons';
import './layout.css';

/**
 * The shop's own header: logo, the search and switches the app passes in, cart with count. The
 * back link is only for the standalone PWA; inside Telegram its BackButton does that job. On
 * phones the search takes a second row of its own, so it is one tap away on every page.
 */
export function SiteHeader({
  onBack,
  switches,
  search,
}: {
  onBack: (() => void) | null;
  switches: ReactNode;
  search?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const count = useCart((state) => cartCount(state.items));
  const signedIn = useAuth((state) => state.isAuthenticated);
  return (
    <header className="site-header">
      <div className="site-header__inner">
        {onBack && (
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.back')}
            onClick={onBack}
          >
            <BackIcon size={22} />
          </button>
        )}
        <Link className="logo" to={buildPath(lang, 'home')} aria-label={t('header.logo')}>
          <LogoMark size={30} />
          <span className="logo__text" aria-hidden="true">
            {t('common.appName')}
          </span>
        </Link>
        {/* Wide screens have no tab bar: its links move up here (hidden, not duplicated, below). */}
        <nav className="site-header__nav" aria-label={t('nav.main')}>
          <Link to={buildPath(lang, 'catalog')}>{t('nav.catalog')}</Link>
          <Link to={buildPath(lang, 'markets')}>{t('markets.title')}</Link>
          <Link to={buildPath(lang, signedIn ? 'account' : 'signIn')}>
            {signedIn ? t('nav.account') : t('nav.signIn')}
          </Link>
        </nav>
        {search && <div className="site-header__search">{search}</div>}
        <div className="site-header__actions">
          {switches}
          <Link
            className="icon-button cart-button"
            to={buildPath(lang, 'cart')}
            aria-label={t('header.cartWithCount', { count })}
          >
            <CartIcon size={22} />
            {count > 0 && (
              <span className="count-badge" aria-hidden="true">
                {count > 99 ? '99+' : count}
              </span>
            )}
          </Link>
        </div>
      </div>
    </header>
  );
}
