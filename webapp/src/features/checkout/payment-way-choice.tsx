import type { PaymentType } from '@shop/shared';
import { useTranslation } from 'react-i18next';

/** The online ways this order can be paid here, as a card with a radio list of how each goes. */
export function PaymentWayChoice({
  ways,
  selected,
  onSelect,
  disabled,
}: {
  ways: readonly PaymentType[];
  selected: PaymentType;
  onSelect: (way: PaymentType) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="payment-ways">
      <h2 id="payment-ways" className="card__title">
        {t('payment.waysTitle')}
      </h2>
      <div className="choice-list" role="radiogroup" aria-labelledby="payment-ways">
        {ways.map((way) => (
          <label key={way} className="choice">
            <input
              type="radio"
              name="payment-way"
              value={way}
              checked={selected === way}
              disabled={disabled}
              aria-describedby={`payment-way-${way}-hint`}
              onChange={() => {
                onSelect(way);
              }}
            />
            <span className="choice__body">
              <span className="choice__title">{t(`checkout.paymentTypes.${way}`)}</span>
              <span className="choice__text" id={`payment-way-${way}-hint`}>
                {way === 'on_receipt' ? '' : t(`payment.wayHint.${way}`)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </section>
  );
}
