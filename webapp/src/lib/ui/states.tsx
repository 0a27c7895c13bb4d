import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A failed load with a Retry button; callers keep showing whatever they already had. */
export function ErrorState({
  message,
  onRetry,
  retrying = false,
}: {
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={onRetry}
          disabled={retrying}
        >
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}

export function EmptyState({
  title,
  text,
  icon,
  action,
}: {
  title: string;
  text?: string;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      {icon && <div className="empty-state__icon">{icon}</div>}
      <h2 className="empty-state__title">{title}</h2>
      {text && <p className="empty-state__text">{text}</p>}
      {action}
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <span className="spinner" role="status" aria-label={label}>
      <span className="spinner__circle" aria-hidden="true" />
    </span>
  );
}

/** A page's h1 with an optional line under it. */
export function PageTitle({ children, subtitle }: { children: ReactNode; subtitle?: ReactNode }) {
  return (
    <header className="page-title">
      <h1>{children}</h1>
      {subtitle && <p className="page-title__subtitle">{subtitle}</p>}
    </header>
  );
}
