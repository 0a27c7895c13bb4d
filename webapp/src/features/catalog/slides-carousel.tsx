import { imageSources, type Slide } from '@shop/shared';
import { useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { useLanguage } from '../../lib/i18n/use-language';
import { OutsideLink } from '../../lib/telegram';
import { ChevronLeftIcon, ChevronRightIcon } from '../../lib/ui/icons';
import { ImageOrPlaceholder } from '../../lib/ui/image-or-placeholder';

/**
 * The home banners: swipeable (CSS scroll snap, so touch and trackpads work natively) with
 * previous/next buttons and one button per slide, following the WAI-ARIA carousel pattern. No
 * autoplay: moving content nobody asked for is a WCAG 2.2.2 failure and a thumb trap on phones.
 */
export function SlidesCarousel({ slides }: { slides: readonly Slide[] }) {
  const { t } = useTranslation();
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  const show = (index: number) => {
    const element = track.current;
    const slide = element?.children[index];
    if (!element || !(slide instanceof HTMLElement)) return;
    const left = slide.offsetLeft - (element.clientWidth - slide.clientWidth) / 2;
    element.scrollTo({ left, behavior: 'smooth' });
    setCurrent(index);
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const nearest = nearestSlide(event.currentTarget);
    if (nearest !== current) setCurrent(nearest);
  };

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={t('home.slides')}>
      <div className="carousel__track" ref={track} onScroll={onScroll}>
        {slides.map((slide, index) => (
          <div
            key={slide.id}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.slideOf', { index: index + 1, total: slides.length })}
          >
            <SlideBody slide={slide} first={index === 0} />
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__arrow"
            aria-label={t('home.previousSlide')}
            disabled={current === 0}
            onClick={() => {
              show(current - 1);
            }}
          >
            <ChevronLeftIcon size={20} />
          </button>
          <div className="carousel__dots">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                className={
                  index === current ? 'carousel__dot carousel__dot--active' : 'carousel__dot'
                }
                aria-label={t('home.goToSlide', { index: index + 1 })}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => {
                  show(index);
                }}
              />
            ))}
          </div>
          <button
            type="button"
            className="carousel__arrow"
            aria-label={t('home.nextSlide')}
            disabled={current === slides.length - 1}
            onClick={() => {
              show(current + 1);
            }}
          >
            <ChevronRightIcon size={20} />
          </button>
        </div>
      )}
    </section>
  );
}

/** The slide whose centre is nearest the track's centre: the current one. */
function nearestSlide(track: HTMLElement): number {
  const centre = track.scrollLeft + track.clientWidth / 2;
  let nearest = 0;
  let best = Number.POSITIVE_INFINITY;
  Array.from(track.children).forEach((child, index) => {
    if (!(child instanceof HTMLElement)) return;
    const distance = Math.abs(child.offsetLeft + child.clientWidth / 2 - centre);
    if (distance < best) {
      best = distance;
      nearest = index;
    }
  });
  return nearest;
}

/** A slide's banner and caption, inside a link where the slide has one. */
function SlideBody({ slide, first }: { slide: Slide; first: boolean }) {
  const lang = useLanguage();
  const content = (
    <>
      <ImageOrPlaceholder
        // The caption stays readable on the banner's muted box.
        placeholder={<span className="slide__image slide__image--empty" />}
        className="slide__image"
        {...imageSources(slide.image, 'banner')}
        // An alt that repeats the title beside it would be read twice in the link.
        alt={slide.image.alt === slide.title ? '' : (slide.image.alt ?? '')}
        // The first banner is the largest thing on the first screen: fetch it first.
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        decoding={first ? 'sync' : 'async'}
      />
      <span className="slide__caption">
        <span className="slide__title">{slide.title}</span>
        {slide.subtitle && <span className="slide__subtitle">{slide.subtitle}</span>}
      </span>
    </>
  );
  if (!slide.link) return <div className="slide__body">{content}</div>;
  // An in-app path gets the language prefix; an external address is a full page load (it leaves the shop).
  if (slide.link.startsWith('/') && !slide.link.startsWith('//')) {
    return (
      <Link className="slide__body" to={`/${lang}${slide.link === '/' ? '' : slide.link}`}>
        {content}
      </Link>
    );
  }
  return (
    <OutsideLink className="slide__body" href={slide.link} newTab={false}>
      {content}
    </OutsideLink>
  );
}
