import { CAPITAL_REGION } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../lib/ui/text-field';
import type { CheckoutErrors, CheckoutForm } from '../checkout-form';
import { errorFor } from '../field-errors';
import { LocationField } from './location-field';

type AddressTextField =
  'city' | 'address' | 'flat' | 'entrance' | 'floor' | 'intercom' | 'address_comment';

/** Courier and taxi: the address (the city only outside the capital) and a point on the map. */
export function AddressSection({
  form,
  errors,
  update,
}: {
  form: CheckoutForm;
  errors: CheckoutErrors;
  update: (patch: Partial<CheckoutForm>) => void;
}) {
  const { t } = useTranslation();
  const text = (field: AddressTextField, label: string, maxLength: number) => ({
    label,
    maxLength,
    value: form[field],
    error: errorFor(t, errors, field),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const patch: Partial<CheckoutForm> = {};
      patch[field] = event.target.value;
      update(patch);
    },
  });
  return (
    <fieldset className="card">
      <legend className="card__title">{t('checkout.addressTitle')}</legend>
      {form.region !== CAPITAL_REGION && (
        <TextField autoComplete="address-level2" {...text('city', t('checkout.city'), 100)} />
      )}
      <TextField autoComplete="street-address" {...text('address', t('checkout.address'), 300)} />
      <div className="field-row">
        <TextField {...text('flat', t('checkout.flat'), 20)} />
        <TextField {...text('entrance', t('checkout.entrance'), 20)} />
      </div>
      <div className="field-row">
        <TextField {...text('floor', t('checkout.floor'), 20)} />
        <TextField {...text('intercom', t('checkout.intercom'), 20)} />
      </div>
      <TextField {...text('address_comment', t('checkout.addressComment'), 500)} />
      <LocationField
        location={form.location}
        error={errorFor(t, errors, 'location')}
        onChange={(location) => {
          update({ location });
        }}
      />
    </fieldset>
  );
}
