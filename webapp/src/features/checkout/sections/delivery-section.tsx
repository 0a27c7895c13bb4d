import {
  deliveryAvailability,
  deliveryPrice,
  formatMoney,
  REGION_SLUGS,
  regionName,
  RegionSlugSchema,
  type DeliveryMethod,
} from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { ErrorState, Spinner } from '../../../lib/ui/states';
import type { useDeliverySettings } from '../api/get-delivery-settings';
import type { CheckoutErrors, CheckoutForm } from '../checkout-form';
import { errorFor } from '../field-errors';

/**
 * Where to and how: the region first (what each method reaches depends on it), then the methods
 * with the names, descriptions and prices the shop's settings give. A method that does not reach
 * the region stays on the list with the reason, so the shopper sees why.
 */
export function DeliverySection({
  form,
  errors,
  settings,
  subtotal,
  update,
}: {
  form: CheckoutForm;
  errors: CheckoutErrors;
  settings: ReturnType<typeof useDeliverySettings>;
  subtotal: number;
  update: (patch: Partial<CheckoutForm>) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const regionError = errorFor(t, errors, 'region');
  const deliveryError = errorFor(t, errors, 'deliveryType');
  const methods = settings.data?.data.methods ?? [];

  const priceText = (method: DeliveryMethod): string => {
    const price = deliveryPrice(method, subtotal);
    const text = price === 0 ? t('checkout.free') : formatMoney(price, lang);
    if (price > 0 && method.free_from !== null) {
      return `${text} · ${t('checkout.freeFrom', { amount: formatMoney(method.free_from, lang) })}`;
    }
    return text;
  };

  return (
    <section className="card" aria-labelledby="checkout-delivery">
      <h2 id="checkout-delivery" className="card__title">
        {t('checkout.delivery')}
      </h2>
      <div className="field">
        <label className="field__label" htmlFor="checkout-region">
          {t('checkout.region')}
        </label>
        <select
          id="checkout-region"
          className="field__input"
          value={form.region}
          aria-invalid={regionError ? true : undefined}
          aria-describedby={regionError ? 'checkout-region-error' : undefined}
          onChange={(event) => {
            const region = RegionSlugSchema.safeParse(event.target.value);
            if (region.success) update({ region: region.data });
          }}
        >
          {REGION_SLUGS.map((slug) => (
            <option key={slug} value={slug}>
              {regionName(slug, lang)}
            </option>
          ))}
        </select>
        {regionError && (
          <p className="field__error" id="checkout-region-error">
            {regionError}
          </p>
        )}
      </div>

      {settings.isPending && <Spinner label={t('common.loading')} />}
      {settings.isError && (
        <ErrorState
          message={t('checkout.loadFailed')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      )}
      <div
        className="choice-list"
        role="radiogroup"
        aria-label={t('checkout.deliveryMethod')}
        aria-invalid={deliveryError ? true : undefined}
        aria-describedby={deliveryError ? 'checkout-delivery-error' : undefined}
      >
        {methods.map((method) => {
          const availability = deliveryAvailability(method, form.region);
          const enabled = availability !== 'unavailable';
          const id = `delivery-${method.type}`;
          return (
            <label
              key={method.type}
              className={[
                'choice',
                enabled ? '' : 'choice--disabled',
                availability === 'region_not_served' ? 'choice--warning' : '',
              ].join(' ')}
            >
              <input
                type="radio"
                name="delivery"
                value={method.type}
                checked={form.deliveryType === method.type}
                disabled={!enabled}
                aria-describedby={`${id}-text ${id}-price`}
                onChange={() => {
                  update({ deliveryType: method.type });
                }}
              />
              <span className="choice__body">
                <span className="choice__title">{method.name}</span>
                <span className="choice__text" id={`${id}-text`}>
                  {method.description}
                </span>
                <span className="choice__price" id={`${id}-price`}>
                  {enabled ? priceText(method) : t('checkout.unavailable')}
                </span>
                {availability === 'region_not_served' && (
                  <span className="choice__reason">
                    {t('checkout.notServed', { region: regionName(form.region, lang) })}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {deliveryError && (
        <p className="field__error" id="checkout-delivery-error">
          {deliveryError}
        </p>
      )}
    </section>
  );
}
