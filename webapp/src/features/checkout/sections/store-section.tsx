import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/i18n/error-message';
import { useStores } from '../../../lib/stores/get-stores';
import { ErrorState, Spinner } from '../../../lib/ui/states';
import type { CheckoutErrors, CheckoutForm } from '../checkout-form';
import { errorFor } from '../field-errors';

/** Pickup: which of the shops to collect the order from. */
export function StoreSection({
  form,
  errors,
  update,
}: {
  form: CheckoutForm;
  errors: CheckoutErrors;
  update: (patch: Partial<CheckoutForm>) => void;
}) {
  const { t } = useTranslation();
  const stores = useStores();
  const error = errorFor(t, errors, 'currentStore');
  return (
    <fieldset
      className="card"
      role="radiogroup"
      aria-labelledby="checkout-store"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'store-error' : undefined}
    >
      <legend id="checkout-store" className="card__title">
        {t('checkout.chooseStore')}
      </legend>
      {stores.isPending && <Spinner label={t('common.loading')} />}
      {stores.isError && (
        <ErrorState
          message={errorMessage(t, stores.error)}
          onRetry={() => void stores.refetch()}
          retrying={stores.isFetching}
        />
      )}
      <div className="choice-list">
        {stores.data?.data.map((store) => (
          <label key={store.id} className="choice">
            <input
              type="radio"
              name="store"
              value={store.id}
              checked={form.currentStore === store.id}
              aria-describedby={`store-${store.id}-details`}
              aria-invalid={error ? true : undefined}
              onChange={() => {
                update({ currentStore: store.id });
              }}
            />
            <span className="choice__body">
              <span className="choice__title">{store.name}</span>
              <span className="choice__text" id={`store-${store.id}-details`}>
                {store.address}
                <br />
                {t('checkout.hours', { hours: store.hours })}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id="store-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
