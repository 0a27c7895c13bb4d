import { useTranslation } from 'react-i18next';
import { Link } from '../router';
import { useServices, useToasts } from '../services/services-context';
import { CloseIcon } from './icons';

/** Notifications top-right, out of the page's way; each closes itself after 5 s (toast-store). */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts((state) => state.toasts);
  const { toasts: store } = useServices();
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
