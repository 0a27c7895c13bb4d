import {
  allowedPaymentTypes,
  formatUzPhone,
  type DeliverySettings,
  type PaymentType,
  type ReceiptPayment,
} from '@shop/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
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
      <PaymentTypeChoice
        form={form}
        errors={errors}
        update={update}
        allowed={allowed}
        receipts={receipts}
      />

      {form.paymentType === 'on_receipt' && receipts.length > 1 && (
        <ReceiptPaymentChoice form={form} errors={errors} update={update} receipts={receipts} />
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

interface SectionProps {
  form: CheckoutForm;
  errors: CheckoutErrors;
  update: (patch: Partial<CheckoutForm>) => void;
}

/** How a way of paying goes, in one line. */
function paymentHint(t: TFunction, type: PaymentType, receipts: readonly ReceiptPayment[]): string {
  switch (type) {
    case 'card':
      return t('checkout.cardHint');
    case 'click':
      return t('checkout.clickHint');
    case 'payme':
      return t('checkout.paymeHint');
    case 'telegram':
      return t('checkout.telegramHint');
    case 'on_receipt':
      return receipts.length > 1 ? t('checkout.onReceiptPickup') : t('checkout.onReceiptCourier');
  }
}

/** The ways to pay the chosen method allows, each with a line on how it goes. */
function PaymentTypeChoice({
  form,
  errors,
  update,
  allowed,
  receipts,
}: SectionProps & {
  allowed: readonly PaymentType[];
  /** How a payment on receipt can be made: more than one means at a shop's till. */
  receipts: readonly ReceiptPayment[];
}) {
  const { t } = useTranslation();
  const error = errorFor(t, errors, 'paymentType');
  return (
    <>
      <div
        className="choice-list"
        role="radiogroup"
        aria-labelledby="checkout-payment"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'checkout-payment-error' : undefined}
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
                {paymentHint(t, type, receipts)}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id="checkout-payment-error">
          {error}
        </p>
      )}
    </>
  );
}

/** Cash or card at the till, when the method takes a payment on receipt both ways. */
function ReceiptPaymentChoice({
  form,
  errors,
  update,
  receipts,
}: SectionProps & { receipts: readonly ReceiptPayment[] }) {
  const { t } = useTranslation();
  const error = errorFor(t, errors, 'receiptPayment');
  return (
    <fieldset
      className="checkout-subchoice"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'checkout-receipt-error' : undefined}
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
      {error && (
        <p className="field__error" id="checkout-receipt-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
