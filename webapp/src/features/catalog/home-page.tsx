import { buildPath, type HomeResponse, listingQuery } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { ChevronRightIcon } from '../../lib/ui/icons';
import { ProductCard, ProductCardSkeleton } from '../../lib/ui/product-card';
import { ErrorState } from '../../lib/ui/states';
import { useIsTelegram } from '../../lib/telegram';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useHome } from './api/get-home';
import { useSlides } from './api/get-slides';
import { CategoryChips, ChipsSkeleton } from './category-chips';
import { SearchBox } from './search/search-box';
import { SlidesCarousel } from './slides-carousel';
import './catalog.css';

/**
 * Where each section's "See all" leads: the full list the section is the start of (the on-sale
 * section is ordered by popularity, the listing's default order).
 */
type SectionKey = HomeResponse['data']['sections'][number]['key'];
const SECTION_QUERY: Record<SectionKey, string> = {
  new: listingQuery({ filter: { sort: 'new' } }),
  popular: listingQuery({ filter: { sort: 'popular' } }),
  discounted: listingQuery({ filter: { discounted: true } }),
};

export function HomePage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const home = useHome();
  const isTelegram = useIsTelegram();
  useDocumentTitle(t('home.title'));
  const products = buildPath(lang, 'products');
  const sections = home.data?.data.sections.filter((section) => section.products.length > 0);

  return (
    <div className="home">
      <h1 className="visually-hidden">{t('home.title')}</h1>
      {/* Inside Telegram there is no header with the search box: home carries its own. */}
      {isTelegram && <SearchBox />}
      <HomeBanner />

      {home.isPending && <ChipsSkeleton />}
      {home.data && home.data.data.categories.length > 0 && (
        <CategoryChips categories={home.data.data.categories} label={t('home.categories')} />
      )}

      {home.isError && (
        <ErrorState
          message={errorMessage(t, home.error)}
          onRetry={() => void home.refetch()}
          retrying={home.isFetching}
        />
      )}

      {home.isPending && (
        <>
          <SectionSkeleton />
          <SectionSkeleton />
        </>
      )}

      {sections?.map((section, sectionIndex) => {
        const query = SECTION_QUERY[section.key];
        const headingId = `home-section-${section.key}`;
        return (
          <section key={section.key} className="home-section" aria-labelledby={headingId}>
            <div className="section-head">
              <h2 id={headingId}>{section.title}</h2>
              <Link
                className="section-head__link"
                to={`${products}${query}`}
                aria-label={t('home.seeAllOf', { section: section.title })}
              >
                {t('home.seeAll')}
                <ChevronRightIcon size={16} />
              </Link>
            </div>
            <ul className="product-row">
              {section.products.map((product, index) => (
                <li key={product.product_id}>
                  <ProductCard product={product} eager={sectionIndex === 0 && index < 2} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}

      {sections?.length === 0 && <p className="muted">{t('home.empty')}</p>}
    </div>
  );
}

function SectionSkeleton() {
  return (
    <div className="home-section" aria-hidden="true">
      {/* A heading's line, grey: the section that replaces it starts where this one does. */}
      <div className="section-head">
        <span className="skeleton section-head__skeleton" />
      </div>
      <div className="product-row">
        <ProductCardSkeleton />
        <ProductCardSkeleton />
        <ProductCardSkeleton />
      </div>
    </div>
  );
}

/** Banners from the content API, or the shop's own welcome when there are none. */
function HomeBanner() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const slides = useSlides();
  if (slides.isPending) return <CarouselSkeleton />;
  const list = slides.data?.data ?? [];
  if (list.length === 0) {
    return (
      <section className="hero" aria-label={t('home.heroTitle')}>
        <p className="hero__title">{t('home.heroTitle')}</p>
        <p className="hero__text">{t('home.heroText')}</p>
        <Link className="btn btn--light btn--sm" to={buildPath(lang, 'products')}>
          {t('home.heroAction')}
        </Link>
      </section>
    );
  }
  return <SlidesCarousel slides={list} />;
}

/** The carousel's own boxes while the banners load: a slide's picture and the controls' row. */
function CarouselSkeleton() {
  return (
    <div className="carousel" aria-hidden="true">
      <div className="carousel__track">
        <span className="skeleton carousel__skeleton" />
      </div>
      <div className="carousel__controls" />
    </div>
  );
}
