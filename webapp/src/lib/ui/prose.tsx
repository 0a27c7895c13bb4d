import { paragraphs } from '../utils/paragraphs';

/** A plain-text body from the backend as paragraphs; never parsed as markup. */
export function Prose({ body }: { body: string }) {
  return (
    <div className="prose">
      {paragraphs(body).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/** Grey lines where a text is about to appear, so the page does not jump when it does. */
export function ProseSkeleton({ lines = 6 }: { lines?: number }) {
  return (
    <div className="prose prose--skeleton" aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        <span
          key={index}
          className="skeleton skeleton--text"
          style={{ width: index % 3 === 2 ? '65%' : '100%' }}
        />
      ))}
    </div>
  );
}
