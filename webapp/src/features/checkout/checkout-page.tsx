import {
  buildPath,
  cartTotal,
  deliveryPrice,
  DELIVERY_TYPES,
  formatMoney,
  PAYMENT_TYPES,
  REGION_SLUGS,
  regionName,
  RegionSlugSchema,
  type CartItem,
  type DeliverySettings,
  type DeliveryType,
} from '@shop/shared';
import { useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { isApiError } from '../../lib/api/api-error';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { logWarning } from '../../lib/log';
import { useStores } from '../../lib/queries/get-stores';
import { useUpdateProfile } from '../../lib/queries/update-profile';
import { useAuth, useCart, useOneClick, useServices } from '../../lib/services/services-context';
import { useIsTelegram, useTelegramMainButton } from '../../lib/telegram';
import { ProductImage } from '../../lib/ui/product-image';
import { ErrorState, PageTitle, Spinner } from '../../lib/ui/states';
import { TextField } from '../../lib/ui/text-field';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useCreateOrder } from './api/create-order';
import { useDeliverySettings } from './api/get-delivery-settings';
import {
  buildOrderRequest,
  clearCheckoutDraft,
  isDeliveryEnabled,
  isPaymentEnabled,
  outOfStockNames,
  profileFillFrom,
  restoreCheckoutForm,
  saveCheckoutDraft,
  validateCheckout,
  type CheckoutField,
  type CheckoutForm,
} from './checkout-form';
import { forgetIdempotencyKey, idempotencyKeyFor } from './idempotency';
import './checkout.css';

/**
 * Spec §2: checkout needs a signed-in shopper (the route guard sees to that) and something to
 * buy: the one-click item when set, else the cart; with neither it sends the shopper to the cart.
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('checkout.title'));
  const oneClickItem = useOneClick((state) => state.item);
  const cartItems = useCart((state) => state.items);
  const [placed, setPlaced] = useState(false);
  const items = oneClickItem ? [oneClickItem] : cartItems;
  if (items.length === 0 && !placed) return <Navigate to={buildPath(lang, 'cart')} replace />;
  return (
    <CheckoutView
      items={items}
      oneClick={oneClickItem !== null}
      onPlaced={() => {
        setPlaced(true);
      }}
    />
  );
}

const SERVER_FIELDS: Readonly<Record<string, CheckoutField>> = {
  store_id: 'currentStore',
  region: 'region',
  city: 'city',
  address: 'address',
  flat: 'flat',
  entrance: 'entrance',
  floor: 'floor',
  intercom: 'intercom',
  address_comment: 'address_comment',
  name: 'name',
  surname: 'surname',
  phone: 'phone',
};

function CheckoutView({
  items,
  oneClick,
  onPlaced,
}: {
  items: CartItem[];
  oneClick: boolean;
  onPlaced: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const services = useServices();
  const isTelegram = useIsTelegram();
  const user = useAuth((state) => state.user);
  const settings = useDeliverySettings();
  const stores = useStores();
  const createOrder = useCreateOrder();
  const updateProfile = useUpdateProfile();
  const formRef = useRef<HTMLFormElement>(null);

  const [draft, setForm] = useState<CheckoutForm>(() =>
    restoreCheckoutForm(services.session, user),
  );
  // A draft may hold a method that has been switched off since: fall back to what works.
  const form = effectiveChoices(draft, settings.data?.data);
  const [showErrors, setShowErrors] = useState(false);
  const [serverFields, setServerFields] = useState<Partial<Record<CheckoutField, string>>>({});
  const [submitError, setSubmitError] = useState<string | null>(null);

  const update = (patch: Partial<CheckoutForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    // Saved per change, so neither a failed order nor a reload costs the shopper their typing.
    saveCheckoutDraft(services.session, next);
    setServerFields((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !(key in patch))),
    );
  };

  const localErrors = showErrors ? validateCheckout(form) : {};
  const fieldError = (field: CheckoutField): string | undefined => {
    const key = localErrors[field];
    return key ? t(key) : serverFields[field];
  };

  const subtotal = cartTotal(items);
  const methods = settings.data?.data.methods ?? [];
  const method = methods.find((candidate) => candidate.type === form.deliveryType);
  const delivery = method ? deliveryPrice(method, subtotal) : 0;
  const total = subtotal + delivery;
  const ready = settings.isSuccess;

  const submit = () => {
    if (createOrder.isPending || !ready) return;
    setShowErrors(true);
    setSubmitError(null);
    const errors = validateCheckout(form);
    if (Object.keys(errors).length > 0) {
      setSubmitError(t('checkout.fixErrors'));
      requestAnimationFrame(() => {
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      });
      return;
    }
    const body = buildOrderRequest(form, items);
    const idempotencyKey = idempotencyKeyFor(services.session, body);
    createOrder.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (answer) => {
          onPlaced();
          forgetIdempotencyKey(services.session);
          clearCheckoutDraft(services.session);
          rememberRecipientName(body);
          const confirmed = `${buildPath(lang, 'confirmed')}?order=${encodeURIComponent(answer.data.number)}`;
          // Empty the cart only once we have left, or this page would bounce to the empty cart.
          void Promise.resolve(navigate(confirmed, { replace: true })).then(() => {
            if (oneClick) services.oneClick.getState().set(null);
            else services.cart.getState().clear();
          });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'out_of_stock') {
            const names = outOfStockNames(error.details, items);
            setSubmitError(
              names.length > 0
                ? t('errors.outOfStockItems', { items: names.join(', ') })
                : errorMessage(t, error),
            );
            return;
          }
          if (isApiError(error) && error.code === 'validation_error') {
            const mapped: Partial<Record<CheckoutField, string>> = {};
            for (const detail of error.details) {
              const field = SERVER_FIELDS[detail.field.split('.')[0] ?? ''];
              if (field) mapped[field] = t('errors.codes.validation_error');
            }
            setServerFields(mapped);
          }
          setSubmitError(errorMessage(t, error));
        },
      },
    );
  };

  /**
   * A new shopper's profile has no name yet: keep the one they just typed, so the next checkout
   * is prefilled. The order already succeeded, so a failure here is only logged. mutateAsync,
   * not mutate: its promise settles even after this page has been left for the confirmation.
   */
  function rememberRecipientName(recipient: { name: string; surname: string }) {
    const fill = profileFillFrom(services.auth.getState().user, recipient);
    if (!fill) return;
    updateProfile.mutateAsync(fill).catch((error: unknown) => {
      logWarning('Saving the recipient name to the profile failed', error);
    });
  }

  useTelegramMainButton({
    text: t('checkout.placeOrder'),
    visible: true,
    enabled: ready,
    loading: createOrder.isPending,
    onClick: submit,
  });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  return (
    <form ref={formRef} className="checkout" noValidate onSubmit={onSubmit}>
      <PageTitle>{t('checkout.title')}</PageTitle>

      <section className="card" aria-labelledby="checkout-items">
        <h2 id="checkout-items" className="card__title">
          {t('checkout.items')}
        </h2>
        {oneClick && <p className="muted">{t('checkout.oneClickNote')}</p>}
        <ul className="checkout-items">
          {items.map((item) => (
            <li key={item.product_id} className="checkout-item">
              <ProductImage
                image={item.img_url ? { url: item.img_url, width: 96, height: 96 } : undefined}
                alt=""
                className="checkout-item__image"
              />
              <span className="checkout-item__name">
                {item.name}
                {item.attributes.length > 0 && (
                  <span className="muted checkout-item__attributes">
                    {item.attributes.map((a) => a.value).join(', ')}
                  </span>
                )}
              </span>
              <span className="checkout-item__qty">× {item.quantity}</span>
              <span className="checkout-item__price">
                {formatMoney(item.price * item.quantity, lang)}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <fieldset className="card" role="radiogroup" aria-labelledby="checkout-delivery">
        <legend id="checkout-delivery" className="card__title">
          {t('checkout.delivery')}
        </legend>
        {settings.isPending && <Spinner label={t('common.loading')} />}
        {settings.isError && (
          <ErrorState
            message={t('checkout.loadFailed')}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        )}
        {settings.data && (
          <div className="choice-list">
            {DELIVERY_TYPES.map((type) => (
              <DeliveryChoice
                key={type}
                type={type}
                checked={form.deliveryType === type}
                enabled={isDeliveryEnabled(settings.data.data, type)}
                priceText={deliveryPriceText(type)}
                onSelect={() => {
                  update({ deliveryType: type });
                }}
              />
            ))}
          </div>
        )}
      </fieldset>

      {form.deliveryType === 'pickup' ? (
        <fieldset
          className="card"
          role="radiogroup"
          aria-labelledby="checkout-store"
          aria-invalid={fieldError('currentStore') ? true : undefined}
          aria-describedby={fieldError('currentStore') ? 'store-error' : undefined}
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
                  aria-invalid={fieldError('currentStore') ? true : undefined}
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
          {fieldError('currentStore') && (
            <p className="field__error" id="store-error">
              {fieldError('currentStore')}
            </p>
          )}
        </fieldset>
      ) : (
        <fieldset className="card">
          <legend className="card__title">{t('checkout.addressTitle')}</legend>
          <div className="field">
            <label className="field__label" htmlFor="checkout-region">
              {t('checkout.region')}
            </label>
            <select
              id="checkout-region"
              className="field__input"
              value={form.region}
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
          </div>
          <TextField
            label={t('checkout.city')}
            autoComplete="address-level2"
            maxLength={100}
            value={form.city}
            error={fieldError('city')}
            onChange={(event) => {
              update({ city: event.target.value });
            }}
          />
          <TextField
            label={t('checkout.address')}
            autoComplete="street-address"
            maxLength={300}
            value={form.address}
            error={fieldError('address')}
            onChange={(event) => {
              update({ address: event.target.value });
            }}
          />
          <div className="field-row">
            <TextField
              label={t('checkout.flat')}
              maxLength={20}
              value={form.flat}
              error={fieldError('flat')}
              onChange={(event) => {
                update({ flat: event.target.value });
              }}
            />
            <TextField
              label={t('checkout.entrance')}
              maxLength={20}
              value={form.entrance}
              error={fieldError('entrance')}
              onChange={(event) => {
                update({ entrance: event.target.value });
              }}
            />
          </div>
          <div className="field-row">
            <TextField
              label={t('checkout.floor')}
              maxLength={20}
              value={form.floor}
              error={fieldError('floor')}
              onChange={(event) => {
                update({ floor: event.target.value });
              }}
            />
            <TextField
              label={t('checkout.intercom')}
              maxLength={20}
              value={form.intercom}
              error={fieldError('intercom')}
              onChange={(event) => {
                update({ intercom: event.target.value });
              }}
            />
          </div>
          <TextField
            label={t('checkout.addressComment')}
            maxLength={500}
            value={form.address_comment}
            error={fieldError('address_comment')}
            onChange={(event) => {
              update({ address_comment: event.target.value });
            }}
          />
        </fieldset>
      )}

      <fieldset className="card" role="radiogroup" aria-labelledby="checkout-payment">
        <legend id="checkout-payment" className="card__title">
          {t('checkout.payment')}
        </legend>
        <div className="choice-list">
          {PAYMENT_TYPES.map((type) => {
            const enabled = isPaymentEnabled(settings.data?.data, type);
            const hint =
              type === 'card'
                ? t('checkout.cardSoon')
                : form.deliveryType === 'pickup'
                  ? t('checkout.onReceiptPickup')
                  : t('checkout.onReceiptCourier');
            return (
              <label key={type} className={enabled ? 'choice' : 'choice choice--disabled'}>
                <input
                  type="radio"
                  name="payment"
                  value={type}
                  checked={form.paymentType === type}
                  disabled={!enabled}
                  aria-describedby={`payment-${type}-hint`}
                  onChange={() => {
                    update({ paymentType: type });
                  }}
                />
                <span className="choice__body">
                  <span className="choice__title">{t(`checkout.paymentTypes.${type}`)}</span>
                  <span className="choice__text" id={`payment-${type}-hint`}>
                    {hint}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset className="card">
        <legend className="card__title">{t('checkout.recipient')}</legend>
        <TextField
          label={t('checkout.name')}
          autoComplete="given-name"
          maxLength={60}
          value={form.name}
          error={fieldError('name')}
          onChange={(event) => {
            update({ name: event.target.value });
          }}
        />
        <TextField
          label={t('checkout.surname')}
          autoComplete="family-name"
          maxLength={60}
          value={form.surname}
          error={fieldError('surname')}
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
          error={fieldError('phone')}
          onChange={(event) => {
            update({ phone: event.target.value });
          }}
        />
      </fieldset>

      <section className="card summary" aria-label={t('checkout.total')}>
        <dl className="summary__rows">
          <div className="summary__row">
            <dt>{t('checkout.subtotal')}</dt>
            <dd>{formatMoney(subtotal, lang)}</dd>
          </div>
          <div className="summary__row">
            <dt>{t('checkout.deliveryPrice')}</dt>
            <dd>{delivery === 0 ? t('checkout.free') : formatMoney(delivery, lang)}</dd>
          </div>
          <div className="summary__row summary__row--total">
            <dt>{t('checkout.total')}</dt>
            <dd>{formatMoney(total, lang)}</dd>
          </div>
        </dl>
        {submitError && (
          <p className="notice notice--error" role="alert">
            {submitError}
          </p>
        )}
        {!isTelegram && (
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={!ready || createOrder.isPending}
            aria-busy={createOrder.isPending}
          >
            {createOrder.isPending ? <span className="btn__spinner" aria-hidden="true" /> : null}
            {t('checkout.placeOrder')}
          </button>
        )}
      </section>
    </form>
  );

  function deliveryPriceText(type: DeliveryType): string {
    const entry = methods.find((candidate) => candidate.type === type);
    if (!entry?.enabled) return t('checkout.unavailable');
    const price = deliveryPrice(entry, subtotal);
    const text = price === 0 ? t('checkout.free') : formatMoney(price, lang);
    if (price > 0 && entry.free_from !== null) {
      return `${text} · ${t('checkout.freeFrom', { amount: formatMoney(entry.free_from, lang) })}`;
    }
    return text;
  }
}

function effectiveChoices(
  form: CheckoutForm,
  settings: DeliverySettings | undefined,
): CheckoutForm {
  if (!settings) return form;
  const deliveryType = isDeliveryEnabled(settings, form.deliveryType)
    ? form.deliveryType
    : 'pickup';
  const paymentType = isPaymentEnabled(settings, form.paymentType)
    ? form.paymentType
    : 'on_receipt';
  if (deliveryType === form.deliveryType && paymentType === form.paymentType) return form;
  return { ...form, deliveryType, paymentType };
}

function DeliveryChoice({
  type,
  checked,
  enabled,
  priceText,
  onSelect,
}: {
  type: DeliveryType;
  checked: boolean;
  enabled: boolean;
  priceText: string;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  return (
    <label className={enabled ? 'choice' : 'choice choice--disabled'}>
      <input
        type="radio"
        name="delivery"
        value={type}
        checked={checked}
        disabled={!enabled}
        aria-describedby={`delivery-${type}-price`}
        onChange={onSelect}
      />
      <span className="choice__body">
        <span className="choice__title">{t(`checkout.deliveryTypes.${type}`)}</span>
        <span className="choice__text" id={`delivery-${type}-price`}>
          {priceText}
        </span>
      </span>
    </label>
  );
}
