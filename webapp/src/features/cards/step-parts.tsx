import type { KeyboardEvent, ReactNode } from 'react';

/**
 * The add-card form may sit inside another form (checkout): Enter in a step sends that step,
 * not the order.
 */
export function submitOnEnter(onSubmit: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    onSubmit();
  };
}

/** A step's main button, with a spinner and disabled while its call runs. */
export function PendingButton({
  pending,
  onClick,
  children,
}: {
  pending: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn btn--primary"
      disabled={pending}
      aria-busy={pending}
      onClick={onClick}
    >
      {pending && <span className="btn__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
