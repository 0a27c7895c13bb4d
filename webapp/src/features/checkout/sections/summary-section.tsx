import { formatMoney, type OrderTotals } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useIsTelegram } from '../../../lib/telegram';

/** Totals by the shared rules, the reason an order cannot go yet, and "Place order". */
export function SummarySection({
  totals,
  problem,
  pending,
  pendingLabel,
  ready,
}: {
  totals: OrderTotals | null;
  problem: string | null;
  pending: boolean;
  pendingLabel: string;
  ready: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const isTelegram = useIsTelegram();
  return (
    <section className="card summary" aria-label={t('checkout.total')}>
      {totals && (
        <dl className="summary__rows">
          <div className="summary__row">
            <dt>{t('checkout.subtotal')}</dt>
            <dd>{formatMoney(totals.subtotal, lang)}</dd>
          </div>
          <div className="summary__row">
            <dt>{t('checkout.deliveryPrice')}</dt>
            <dd>
              {totals.delivery_price === 0
                ? t('checkout.free')
                : formatMoney(totals.delivery_price, lang)}
            </dd>
          </div>
          <div className="summary__row summary__row--total">
            <dt>{t('checkout.total')}</dt>
            <dd>{formatMoney(totals.total, lang)}</dd>
          </div>
        </dl>
      )}
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      {pending && (
        <p className="summary__pending" role="status">
          {pendingLabel}
        </p>
      )}
      {!isTelegram && (
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={!ready || pending}
          aria-busy={pending}
        >
          {pending ? <span className="btn__spinner" aria-hidden="true" /> : null}
          {t('checkout.placeOrder')}
        </button>
      )}
    </section>
  );
}
