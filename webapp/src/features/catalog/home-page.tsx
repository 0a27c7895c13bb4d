import { buildPath, type Slide } from '@shop/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { ChevronRightIcon } from '../../lib/ui/icons';
import { ProductCard, ProductCardSkeleton } from '../../lib/ui/product-card';
import { ErrorState } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useHome } from './api/get-home';
import { useSlides } from './api/get-slides';
import { CategoryChips } from './category-chips';
import './catalog.css';

const SECTION_SORT = { new: 'new', popular: 'popular', discounted: null } as const;

export function HomePage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const home = useHome();
  useDocumentTitle(t('home.title'));
  const products = buildPath(lang, 'products');
  const sections = home.data?.data.sections.filter((section) => section.products.length > 0);

  return (
    <div className="home">
      <h1 className="visually-hidden">{t('home.title')}</h1>
      <HomeBanner />

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
        const sort = SECTION_SORT[section.key];
        const headingId = `home-section-${section.key}`;
        return (
          <section key={section.key} className="home-section" aria-labelledby={headingId}>
            <div className="section-head">
              <h2 id={headingId}>{section.title}</h2>
              {sort && (
                <Link className="section-head__link" to={`${products}?sort=${sort}`}>
                  {t('home.seeAll')}
                  <ChevronRightIcon size={16} />
                </Link>
              )}
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
      <div className="section-head">
        <span className="skeleton skeleton--title" />
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
  return (
    <ul className="slides" aria-label={t('home.heroTitle')}>
      {list.map((slide, index) => (
        <li key={slide.id} className="slide">
          <SlideLink slide={slide}>
            <img
              className="slide__image"
              src={slide.image.url}
              width={slide.image.width}
              height={slide.image.height}
              alt={slide.image.alt ?? ''}
              loading={index === 0 ? 'eager' : 'lazy'}
            />
            <span className="slide__caption">
              <span className="slide__title">{slide.title}</span>
              {slide.subtitle && <span className="slide__subtitle">{slide.subtitle}</span>}
            </span>
          </SlideLink>
        </li>
      ))}
    </ul>
  );
}

function SlideLink({ slide, children }: { slide: Slide; children: ReactNode }) {
  const lang = useLanguage();
  if (!slide.link) return <div className="slide__body">{children}</div>;
  // An in-app path gets the language prefix; an external address is a full page load (§2).
  if (slide.link.startsWith('/') && !slide.link.startsWith('//')) {
    return (
      <Link className="slide__body" to={`/${lang}${slide.link === '/' ? '' : slide.link}`}>
        {children}
      </Link>
    );
  }
  return (
    <a className="slide__body" href={slide.link} rel="noopener">
      {children}
    </a>
  );
}
