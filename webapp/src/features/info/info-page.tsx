import { buildPath, type InfoPageSlug } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { isApiError } from '../../lib/api/api-error';
import { errorMessage } from '../../lib/i18n/error-message';
import { formatDate } from '../../lib/i18n/format-date';
import { useLanguage } from '../../lib/i18n/use-language';
import { ChevronRightIcon } from '../../lib/ui/icons';
import { useInfoLinkTitle } from '../../lib/ui/info-links';
import { NotFoundContent } from '../../lib/ui/not-found';
import { Prose, ProseSkeleton } from '../../lib/ui/prose';
import { ErrorState, PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useInfoPage, useInfoPages } from './api/get-info-pages';
import { INFO_PAGE_ROUTES } from './info-slugs';
import { StoreList } from './store-list';
import './info.css';

/**
 * An information page (about, contacts, delivery, …) with its text from the content backend in
 * the page language. The translated title shows at once; the text fills in under it.
 */
export function InfoPage({ slug }: { slug: InfoPageSlug }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const linkTitle = useInfoLinkTitle();
  const page = useInfoPage(slug);
  const title = page.data?.data.title ?? linkTitle(INFO_PAGE_ROUTES[slug]);
  useDocumentTitle(title);

  if (page.isError && isApiError(page.error) && page.error.status === 404) {
    return <NotFoundContent />;
  }
  const updated = page.data ? formatDate(page.data.data.updated_at, lang) : '';
  return (
    <article className="info">
      <PageTitle subtitle={updated ? t('info.updated', { date: updated }) : null}>
        {title}
      </PageTitle>
      {page.isPending && <ProseSkeleton />}
      {page.isError && (
        <ErrorState
          message={errorMessage(t, page.error)}
          onRetry={() => void page.refetch()}
          retrying={page.isFetching}
        />
      )}
      {page.data && <Prose body={page.data.data.body} />}
      {slug === 'contacts' && (
        <section className="info__section" aria-labelledby="contacts-shops">
          <h2 id="contacts-shops">{t('markets.title')}</h2>
          <StoreList headingLevel={3} />
        </section>
      )}
      <Link className="btn btn--secondary" to={buildPath(lang, 'catalog')}>
        {t('common.goToCatalog')}
      </Link>
    </article>
  );
}

/** /pages: the information pages the content backend has, then the shop's other guides. */
export function PagesPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const linkTitle = useInfoLinkTitle();
  const pages = useInfoPages();
  useDocumentTitle(t('info.pages.title'));
  return (
    <article className="info">
      <PageTitle subtitle={t('info.pages.text')}>{t('info.pages.title')}</PageTitle>
      {pages.isPending && (
        <div className="card link-list" role="status" aria-label={t('common.loading')}>
          {[0, 1, 2, 3, 4, 5].map((index) => (
            <div key={index} className="link-list__item" aria-hidden="true">
              <span className="skeleton skeleton--text" style={{ width: '55%' }} />
            </div>
          ))}
        </div>
      )}
      {pages.isError && (
        <ErrorState
          message={errorMessage(t, pages.error)}
          onRetry={() => void pages.refetch()}
          retrying={pages.isFetching}
        />
      )}
      {pages.data && (
        <ul className="card link-list">
          {pages.data.data.map((page) => (
            <li key={page.slug}>
              <Link className="link-list__item" to={buildPath(lang, INFO_PAGE_ROUTES[page.slug])}>
                {page.title}
                <ChevronRightIcon size={18} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <h2 className="info__subheading">{t('info.more')}</h2>
      <ul className="card link-list">
        {(['markets', 'blogs', 'brands'] as const).map((id) => (
          <li key={id}>
            <Link className="link-list__item" to={buildPath(lang, id)}>
              {linkTitle(id)}
              <ChevronRightIcon size={18} />
            </Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
