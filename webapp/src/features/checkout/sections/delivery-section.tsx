import {
  deliveryAvailability,
  deliveryPrice,
  formatMoney,
  REGION_SLUGS,
  regionName,
  RegionSlugSchema,
  type DeliveryMethod,
  type RegionSlug,
} from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { ErrorState, Spinner } from '../../../lib/ui/states';
import type { useDeliverySettings } from '../api/get-delivery-settings';
import type { CheckoutErrors, CheckoutForm } from '../checkout-form';
import { errorFor } from '../field-errors';

/** The region select: what each delivery method reaches depends on it. */
function RegionField({
  region,
  error,
  onChoose,
}: {
  region: RegionSlug;
  error: string | undefined;
  onChoose: (region: RegionSlug) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className="field">
      <label className="field__label" htmlFor="checkout-region">
        {t('checkout.region')}
      </label>
      <select
        id="checkout-region"
        className="field__input"
        value={region}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'checkout-region-error' : undefined}
        onChange={(event) => {
          const chosen = RegionSlugSchema.safeParse(event.target.value);
          if (chosen.success) onChoose(chosen.data);
        }}
      >
        {REGION_SLUGS.map((slug) => (
          <option key={slug} value={slug}>
            {regionName(slug, lang)}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id="checkout-region-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The delivery methods as radio buttons, each with its price for `subtotal`, or why it is off. */
function DeliveryMethods({
  methods,
  form,
  subtotal,
  error,
  onChoose,
}: {
  methods: readonly DeliveryMethod[];
  form: CheckoutForm;
  subtotal: number;
  error: string | undefined;
  onChoose: (type: DeliveryMethod['type']) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();

  const priceText = (method: DeliveryMethod): string => {
    const price = deliveryPrice(method, subtotal);
    const text = price === 0 ? t('checkout.free') : formatMoney(price, lang);
    if (price > 0 && method.free_from !== null) {
      return `${text} · ${t('checkout.freeFrom', { amount: formatMoney(method.free_from, lang) })}`;
    }
    return text;
  };

  return (
    <div
      className="choice-list"
      role="radiogroup"
      aria-label={t('checkout.deliveryMethod')}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'checkout-delivery-error' : undefined}
    >
      {methods.map((method) => {
        const availability = deliveryAvailability(method, form.region);
        const unserved = availability === 'region_not_served';
        const id = `delivery-${method.type}`;
        return (
          <label
            key={method.type}
            className={[
              'choice',
              availability === 'unavailable' ? 'choice--disabled' : '',
              unserved ? 'choice--unserved' : '',
            ].join(' ')}
          >
            <input
              type="radio"
              name="delivery"
              value={method.type}
              checked={form.deliveryType === method.type}
              disabled={availability !== 'available'}
              aria-describedby={`${id}-text ${id}-price${unserved ? ` ${id}-reason` : ''}`}
              onChange={() => {
                onChoose(method.type);
              }}
            />
            <span className="choice__body">
              <span className="choice__title">{method.name}</span>
              <span className="choice__text" id={`${id}-text`}>
                {method.description}
              </span>
              <span className="choice__price" id={`${id}-price`}>
                {availability === 'unavailable' ? t('checkout.unavailable') : priceText(method)}
              </span>
              {unserved && (
                <span className="choice__reason" id={`${id}-reason`}>
                  {t('checkout.notServed', { region: regionName(form.region, lang) })}
                </span>
              )}
            </span>
          </label>
        );
      })}
    </div>
  );
}

/**
 * Where to and how: the region first (what each method reaches depends on it), then the methods
 * with the names, descriptions and prices the shop's settings give. A method that does not reach
 * the region stays on the list, off, with the reason, so the shopper sees why; one chosen before
 * the region changed gives way to one that goes there, and a note says so.
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
  const [fellBack, setFellBack] = useState<{ from: string; to: string } | null>(null);

  const chooseRegion = (region: RegionSlug) => {
    const chosen = methods.find((method) => method.type === form.deliveryType);
    if (!chosen || deliveryAvailability(chosen, region) !== 'region_not_served') {
      setFellBack(null);
      update({ region });
      return;
    }
    // An address delivery first (the address typed stays of use), else whatever goes there.
    const goes = methods.filter((method) => deliveryAvailability(method, region) === 'available');
    const instead = goes.find((method) => method.type !== 'pickup') ?? goes[0];
    setFellBack(instead ? { from: chosen.name, to: instead.name } : null);
    update(instead ? { region, deliveryType: instead.type } : { region });
  };

  return (
    <section className="card" aria-labelledby="checkout-delivery">
      <h2 id="checkout-delivery" className="card__title">
        {t('checkout.delivery')}
      </h2>
      <RegionField region={form.region} error={regionError} onChoose={chooseRegion} />

      {settings.isPending && <Spinner label={t('common.loading')} />}
      {settings.isError && (
        <ErrorState
          message={t('checkout.loadFailed')}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      )}
      <DeliveryMethods
        methods={methods}
        form={form}
        subtotal={subtotal}
        error={deliveryError}
        onChoose={(deliveryType) => {
          setFellBack(null);
          update({ deliveryType });
        }}
      />
      {fellBack && (
        <p className="notice notice--info checkout__fell-back" role="status">
          {t('checkout.deliveryFellBack', {
            method: fellBack.from,
            region: regionName(form.region, lang),
            instead: fellBack.to,
          })}
        </p>
      )}
      {deliveryError && (
        <p className="field__error" id="checkout-delivery-error">
          {deliveryError}
        </p>
      )}
    </section>
  );
}
