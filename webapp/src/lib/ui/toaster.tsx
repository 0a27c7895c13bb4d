import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../router';
import { useServices, useToasts } from '../services/services-context';
import { CloseIcon } from './icons';

/**
 * Notifications top-right, out of the page's way; each closes itself after 5 s (toast-store).
 * One that offers a way on ("Added to cart · Go to cart") closes when the shopper opens another
 * page, by its link or any other way: on the next page it would only lie over the title. A
 * note of what happened ("Saved", what "Order again" could not add) stays its few seconds.
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts((state) => state.toasts);
  const { toasts: store } = useServices();
  const { pathname } = useLocation();
  // Runs as the page's address changes: the page being left takes its offers with it.
  useEffect(
    () => () => {
      store.getState().leavePage();
    },
    [pathname, store],
  );
  return (
    <section className="toaster" aria-label={t('toast.region')}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <p className="toast__message">{toast.message}</p>
          {toast.action && (
            <Link
              className="toast__action"
              to={toast.action.to}
              onClick={() => {
                store.getState().dismiss(toast.id);
              }}
            >
              {toast.action.label}
            </Link>
          )}
          <button
            type="button"
            className="toast__close"
            aria-label={t('toast.close')}
            onClick={() => {
              store.getState().dismiss(toast.id);
            }}
          >
            <CloseIcon size={18} />
          </button>
        </div>
      ))}
    </section>
  );
}
