import { buildPath } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../lib/i18n/use-language';
import { InfoLinks } from '../../lib/ui/info-links';
import { PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import './info.css';

export type InfoPageId =
  'about' | 'delivery' | 'howToBuy' | 'publicOffer' | 'return' | 'blogs' | 'blog';

/** A translated title and text; the content pages grow with their own issue. */
export function InfoPage({ page }: { page: InfoPageId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t(`info.${page}.title`));
  return (
    <article className="info">
      <PageTitle>{t(`info.${page}.title`)}</PageTitle>
      <p className="info__text">{t(`info.${page}.text`)}</p>
      <Link className="btn btn--secondary" to={buildPath(lang, 'catalog')}>
        {t('common.goToCatalog')}
      </Link>
    </article>
  );
}

/** /pages: the index of the information pages. */
export function PagesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('info.pages.title'));
  return (
    <article className="info">
      <PageTitle subtitle={t('info.pages.text')}>{t('info.pages.title')}</PageTitle>
      <InfoLinks />
    </article>
  );
}

export function BrandsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('catalog.brandsTitle'));
  return (
    <article className="info">
      <PageTitle>{t('catalog.brandsTitle')}</PageTitle>
      <p className="info__text">{t('catalog.brandsText')}</p>
      <Link className="btn btn--primary" to={buildPath(lang, 'products')}>
        {t('catalog.productsTitle')}
      </Link>
    </article>
  );
}
