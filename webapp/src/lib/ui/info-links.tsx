import { buildPath, type RouteId } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from '../router';
import { useLanguage } from '../i18n/use-language';
import { ChevronRightIcon } from './icons';

/** The information pages, linked from the footer and from each other. */
export const INFO_LINKS = [
  'about',
  'contacts',
  'markets',
  'delivery',
  'howToBuy',
  'return',
  'publicOffer',
  'blogs',
  'brands',
] as const satisfies readonly RouteId[];

export type InfoLinkId = (typeof INFO_LINKS)[number];

export function useInfoLinkTitle(): (id: InfoLinkId) => string {
  const { t } = useTranslation();
  return (id) => {
    switch (id) {
      case 'markets':
        return t('markets.title');
      case 'brands':
        return t('catalog.brandsTitle');
      default:
        return t(`info.${id}.title`);
    }
  };
}

export function InfoLinks({ variant = 'list' }: { variant?: 'list' | 'footer' }) {
  const lang = useLanguage();
  const title = useInfoLinkTitle();
  const { t } = useTranslation();
  if (variant === 'footer') {
    return (
      <nav className="footer-links" aria-label={t('nav.footer')}>
        <ul>
          {INFO_LINKS.map((id) => (
            <li key={id}>
              <Link to={buildPath(lang, id)}>{title(id)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    );
  }
  return (
    <ul className="card link-list">
      {INFO_LINKS.map((id) => (
        <li key={id}>
          <Link className="link-list__item" to={buildPath(lang, id)}>
            {title(id)}
            <ChevronRightIcon size={18} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
