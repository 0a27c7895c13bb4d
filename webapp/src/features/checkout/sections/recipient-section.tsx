import { useTranslation } from 'react-i18next';
import { TextField } from '../../../lib/ui/text-field';
import type { CheckoutErrors, CheckoutForm } from '../checkout-form';
import { errorFor } from '../field-errors';

/** Who receives the order: prefilled from the profile, and may be someone else. */
export function RecipientSection({
  form,
  errors,
  update,
}: {
  form: CheckoutForm;
  errors: CheckoutErrors;
  update: (patch: Partial<CheckoutForm>) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="card">
      <legend className="card__title">{t('checkout.recipient')}</legend>
      <TextField
        label={t('checkout.name')}
        autoComplete="given-name"
        maxLength={60}
        value={form.name}
        error={errorFor(t, errors, 'name')}
        onChange={(event) => {
          update({ name: event.target.value });
        }}
      />
      <TextField
        label={t('checkout.surname')}
        autoComplete="family-name"
        maxLength={60}
        value={form.surname}
        error={errorFor(t, errors, 'surname')}
        onChange={(event) => {
          update({ surname: event.target.value });
        }}
      />
      <TextField
        label={t('checkout.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={32}
        value={form.phone}
        error={errorFor(t, errors, 'phone')}
        onChange={(event) => {
          update({ phone: event.target.value });
        }}
      />
    </fieldset>
  );
}
