import {
  FIRST_PAINT_OUTLINES,
  matchRoute,
  type FirstPaintPage,
  type OutlineBox,
} from '@shop/shared';
import './first-paint.css';

/** The grey boxes of an outline, as the server writes them (shared/first-paint). */
export function OutlineBoxes({ outline }: { outline: OutlineBox }) {
  return (
    <div
      className={outline.className}
      style={outline.width === undefined ? undefined : { width: `${outline.width}%` }}
    >
      {outline.children?.map((child, index) => (
        <OutlineBoxes key={index} outline={child} />
      ))}
    </div>
  );
}

/** The page of `pathname` when the server draws its outline (product and blog post), else null. */
export function firstPaintPageOf(pathname: string): FirstPaintPage | null {
  const id = matchRoute(pathname)?.route.id;
  return id === 'product' || id === 'blog' ? id : null;
}

/**
 * The outline the server wrote into a product or blog page (shared/first-paint), drawn again
 * while the page's code loads, so the switch from the server's boxes to the app's is not seen.
 */
export function FirstPaintOutline({ page }: { page: FirstPaintPage }) {
  return (
    <div className="page first-paint-page" aria-busy="true">
      <div className="page__main">
        <OutlineBoxes outline={FIRST_PAINT_OUTLINES[page]} />
      </div>
    </div>
  );
}
