import {
  allowedPaymentTypes,
  formatUzPhone,
  type DeliverySettings,
  type PaymentType,
  type ReceiptPayment,
} from '@shop/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/services/services-context';
import type { CardChooserSlot } from '../card-chooser-slot';
import type { CheckoutErrors, CheckoutForm } from '../checkout-form';
import { errorFor } from '../field-errors';

/**
 * How the order is paid, as the chosen method allows: on receipt (cash to a courier; cash or card
 * at a shop's till) or by card online, with a saved card or one added here.
 */
export function PaymentSection({
  form,
  errors,
  settings,
  disabled,
  update,
  CardChooser,
}: {
  form: CheckoutForm;
  errors: CheckoutErrors;
  settings: DeliverySettings | undefined;
  disabled: boolean;
  update: (patch: Partial<CheckoutForm>) => void;
  CardChooser: CardChooserSlot;
}) {
  const { t } = useTranslation();
  const phone = useAuth((state) => state.user?.phone ?? '');
  const method = settings?.methods.find((candidate) => candidate.type === form.deliveryType);
  const allowed: readonly PaymentType[] = settings ? allowedPaymentTypes(settings, method) : [];
  const receipts: readonly ReceiptPayment[] = method?.receipt_payments ?? [];
  const paymentError = errorFor(t, errors, 'paymentType');
  const receiptError = errorFor(t, errors, 'receiptPayment');
  const selectCard = useCallback(
    (cardId: number) => {
      update({ currentCard: cardId });
    },
    [update],
  );

  return (
    <section className="card" aria-labelledby="checkout-payment">
      <h2 id="checkout-payment" className="card__title">
        {t('checkout.payment')}
      </h2>
      <div
        className="choice-list"
        role="radiogroup"
        aria-labelledby="checkout-payment"
        aria-invalid={paymentError ? true : undefined}
        aria-describedby={paymentError ? 'checkout-payment-error' : undefined}
      >
        {allowed.map((type) => (
          <label key={type} className="choice">
            <input
              type="radio"
              name="payment"
              value={type}
              checked={form.paymentType === type}
              aria-describedby={`payment-${type}-hint`}
              onChange={() => {
                update({ paymentType: type });
              }}
            />
            <span className="choice__body">
              <span className="choice__title">{t(`checkout.paymentTypes.${type}`)}</span>
              <span className="choice__text" id={`payment-${type}-hint`}>
                {type === 'card'
                  ? t('checkout.cardHint')
                  : receipts.length > 1
                    ? t('checkout.onReceiptPickup')
                    : t('checkout.onReceiptCourier')}
              </span>
            </span>
          </label>
        ))}
      </div>
      {paymentError && (
        <p className="field__error" id="checkout-payment-error">
          {paymentError}
        </p>
      )}

      {form.paymentType === 'on_receipt' && receipts.length > 1 && (
        <fieldset
          className="checkout-subchoice"
          aria-invalid={receiptError ? true : undefined}
          aria-describedby={receiptError ? 'checkout-receipt-error' : undefined}
        >
          <legend className="field__label">{t('checkout.receiptTitle')}</legend>
          <div className="segmented">
            {receipts.map((receipt) => (
              <label key={receipt} className="segmented__option">
                <input
                  type="radio"
                  name="receipt-payment"
                  value={receipt}
                  checked={form.receiptPayment === receipt}
                  onChange={() => {
                    update({ receiptPayment: receipt });
                  }}
                />
                <span>{t(`checkout.receiptPayments.${receipt}`)}</span>
              </label>
            ))}
          </div>
          {receiptError && (
            <p className="field__error" id="checkout-receipt-error">
              {receiptError}
            </p>
          )}
        </fieldset>
      )}

      {form.paymentType === 'card' && (
        <div className="checkout-cards">
          <CardChooser
            selected={form.currentCard}
            onSelect={selectCard}
            error={errorFor(t, errors, 'currentCard')}
            defaultPhone={phone === '' ? '' : formatUzPhone(phone)}
            disabled={disabled}
          />
        </div>
      )}
    </section>
  );
}
