import { buildPath, cartCount } from '@shop/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from '../../lib/router';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAuth, useCart } from '../../lib/services/services-context';
import { CartIcon, GridIcon, HomeIcon, SearchIcon, UserIcon } from '../../lib/ui/icons';
import './layout.css';

/**
 * The thumb-reach tab bar: home, catalogue, account (or sign in), and the search and cart when
 * there is no header carrying them (inside Telegram), so a page never has two of either.
 */
export function BottomNav({ withCart, withSearch }: { withCart: boolean; withSearch: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const signedIn = useAuth((state) => state.isAuthenticated);
  const count = useCart((state) => cartCount(state.items));
  const className = ({ isActive }: { isActive: boolean }) => (isActive ? 'tab tab--active' : 'tab');
  const nav = useRef<HTMLElement>(null);
  // Its height for the page's room under it and what floats above it (the buy and checkout bars,
  // the new-build offer): a larger font makes it taller.
  useEffect(() => {
    const element = nav.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--bottom-nav-height', `${String(element.offsetHeight)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--bottom-nav-height');
    };
  }, []);
  return (
    <nav ref={nav} className="bottom-nav" aria-label={t('nav.main')}>
      <NavLink className={className} to={buildPath(lang, 'home')} end>
        <HomeIcon size={24} />
        <span>{t('nav.home')}</span>
      </NavLink>
      <NavLink className={className} to={buildPath(lang, 'catalog')}>
        <GridIcon size={24} />
        <span>{t('nav.catalog')}</span>
      </NavLink>
      {withSearch && (
        <NavLink
          className={className}
          to={buildPath(lang, 'products')}
          // Asks the list's search box to take the focus, so the keyboard opens at once.
          state={{ focusSearch: true }}
          end
        >
          <SearchIcon size={24} />
          <span>{t('nav.search')}</span>
        </NavLink>
      )}
      {withCart && (
        <NavLink
          className={className}
          to={buildPath(lang, 'cart')}
          aria-label={t('header.cartWithCount', { count })}
        >
          <span className="tab__icon">
            <CartIcon size={24} />
            {count > 0 && (
              <span className="count-badge" aria-hidden="true">
                {count > 99 ? '99+' : count}
              </span>
            )}
          </span>
          <span aria-hidden="true">{t('nav.cart')}</span>
        </NavLink>
      )}
      <NavLink className={className} to={buildPath(lang, signedIn ? 'account' : 'signIn')}>
        <UserIcon size={24} />
        <span>{signedIn ? t('nav.account') : t('nav.signIn')}</span>
      </NavLink>
    </nav>
  );
}
