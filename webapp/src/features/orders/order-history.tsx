import type { Order } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/i18n/error-message';
import { formatDateTime } from '../../lib/i18n/format-date';
import { useLanguage } from '../../lib/i18n/use-language';
import { ErrorState } from '../../lib/ui/states';
import type { useOrderPage } from './api/get-order-page';
import { orderTimeline } from './order-timeline';

/** The order's history: its recorded statuses, then the steps still ahead (its own call). */
export function OrderHistory({ details }: { details: ReturnType<typeof useOrderPage>['details'] }) {
  const { t } = useTranslation();
  return (
    <section className="card order-history" aria-labelledby="order-history">
      <h2 id="order-history" className="card__title">
        {t('orders.history')}
      </h2>
      {details.data ? (
        <OrderTimeline order={details.data.data} />
      ) : details.isError ? (
        <ErrorState
          message={errorMessage(t, details.error)}
          onRetry={() => void details.refetch()}
          retrying={details.isFetching}
        />
      ) : (
        <div aria-busy="true" aria-label={t('common.loading')}>
          <span className="skeleton skeleton--text" />
          <span className="skeleton skeleton--text" style={{ width: '60%' }} />
        </div>
      )}
    </section>
  );
}

function OrderTimeline({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const steps = orderTimeline(order);
  return (
    <ol className="timeline">
      {steps.map((step, index) => (
        <li
          key={`${step.status}-${index}`}
          className={`timeline__step${step.at === null ? ' timeline__step--ahead' : ''}${
            step.current ? ' timeline__step--current' : ''
          }${step.status === 'cancelled' ? ' timeline__step--cancelled' : ''}`}
          aria-current={step.current ? 'step' : undefined}
        >
          <span className="timeline__dot" aria-hidden="true" />
          <span className="timeline__label">{t(`orders.statuses.${step.status}`)}</span>
          {step.at !== null && (
            <time className="timeline__time" dateTime={step.at}>
              {formatDateTime(step.at, lang)}
            </time>
          )}
        </li>
      ))}
    </ol>
  );
}
