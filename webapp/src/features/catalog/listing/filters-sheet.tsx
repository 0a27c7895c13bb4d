import { CURRENCY_SUFFIX, formatMoney, type Facets, type ListingFilter } from '@shop/shared';
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useTelegramBackOverride } from '../../../lib/telegram';
import { CloseIcon } from '../../../lib/ui/icons';
import { Spinner } from '../../../lib/ui/states';

/** Digits only, at most 11 of them: what a price bound in sum can be. */
function digits(text: string): string {
  return text.replace(/\D/g, '').slice(0, 11);
}

function amountOf(text: string): number | undefined {
  return text === '' ? undefined : Number(text);
}

/**
 * The filters as a modal sheet (role dialog, named "Filters"): the shopper edits a draft and
 * "Apply" puts it in the URL at once, so the list does not reload on every tick. A native
 * <dialog> gives the focus trap, Escape and the inert page behind it.
 */
export function FiltersSheet({
  open,
  onClose,
  filter,
  facets,
  categoryName,
  onApply,
}: {
  open: boolean;
  onClose: () => void;
  filter: ListingFilter;
  facets: Facets | undefined;
  /** The chosen category's name when the facets do not list it (e.g. a leaf category). */
  categoryName: string | undefined;
  onApply: (filter: ListingFilter) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Inside Telegram its Back button closes the sheet, as the system back does on Android.
  useTelegramBackOverride(open, onClose);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="sheet"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A tap on the backdrop (the dialog box itself, outside its content) closes the sheet.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="sheet__content">
          <header className="sheet__header">
            <h2 id={titleId}>{t('catalog.filters.title')}</h2>
            <button
              type="button"
              className="icon-button"
              aria-label={t('common.close')}
              onClick={onClose}
            >
              <CloseIcon size={22} />
            </button>
          </header>
          {facets ? (
            <FiltersForm
              filter={filter}
              facets={facets}
              categoryName={categoryName}
              onApply={(next) => {
                onApply(next);
                onClose();
              }}
            />
          ) : (
            <Spinner label={t('common.loading')} />
          )}
        </div>
      )}
    </dialog>
  );
}

function FiltersForm({
  filter,
  facets,
  categoryName,
  onApply,
}: {
  filter: ListingFilter;
  facets: Facets;
  categoryName: string | undefined;
  onApply: (filter: ListingFilter) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [category, setCategory] = useState(filter.category ?? '');
  const [brands, setBrands] = useState<readonly string[]>(filter.brands ?? []);
  const [priceMin, setPriceMin] = useState(filter.price_min?.toString() ?? '');
  const [priceMax, setPriceMax] = useState(filter.price_max?.toString() ?? '');
  const [inStock, setInStock] = useState(filter.in_stock === true);
  const [discounted, setDiscounted] = useState(filter.discounted === true);
  const [attributes, setAttributes] = useState<Readonly<Record<string, readonly string[]>>>(
    filter.attributes ?? {},
  );

  const reset = () => {
    setCategory('');
    setBrands([]);
    setPriceMin('');
    setPriceMax('');
    setInStock(false);
    setDiscounted(false);
    setAttributes({});
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    let low = amountOf(priceMin);
    let high = amountOf(priceMax);
    // Typed the wrong way round: the shopper meant the range, not "nothing matches".
    if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low];
    const chosenAttributes = Object.fromEntries(
      Object.entries(attributes).filter(([, values]) => values.length > 0),
    );
    const next: ListingFilter = {
      ...(category ? { category } : {}),
      ...(brands.length > 0 ? { brands: [...brands] } : {}),
      ...(low !== undefined ? { price_min: low } : {}),
      ...(high !== undefined ? { price_max: high } : {}),
      ...(inStock ? { in_stock: true } : {}),
      ...(discounted ? { discounted: true } : {}),
      ...(Object.keys(chosenAttributes).length > 0
        ? {
            attributes: Object.fromEntries(
              Object.entries(chosenAttributes).map(([code, values]) => [code, [...values]]),
            ),
          }
        : {}),
      ...(filter.sort ? { sort: filter.sort } : {}),
    };
    onApply(next);
  };

  const toggle = (list: readonly string[], value: string, on: boolean) =>
    on ? [...list.filter((item) => item !== value), value] : list.filter((item) => item !== value);

  // The chosen category stays choosable even when the facets list only its neighbours.
  const categories =
    filter.category && !facets.categories.some((c) => c.slug === filter.category)
      ? [
          { slug: filter.category, name: categoryName ?? filter.category, count: null },
          ...facets.categories,
        ]
      : facets.categories;

  return (
    <form className="sheet__form" onSubmit={submit}>
      <div className="sheet__body">
        {categories.length > 0 && (
          <FacetGroup legend={t('catalog.filters.category')}>
            <FacetOption
              type="radio"
              name="category"
              label={t('catalog.clearFilter')}
              checked={category === ''}
              onChange={() => {
                setCategory('');
              }}
            />
            {categories.map((option) => (
              <FacetOption
                key={option.slug}
                type="radio"
                name="category"
                label={option.name}
                count={option.count}
                checked={category === option.slug}
                onChange={() => {
                  setCategory(option.slug);
                }}
              />
            ))}
          </FacetGroup>
        )}

        <FacetGroup legend={`${t('catalog.filters.price')}, ${CURRENCY_SUFFIX[lang]}`}>
          <div className="price-range">
            <PriceField
              label={t('catalog.filters.priceFrom')}
              value={priceMin}
              hint={facets.price ? formatMoney(facets.price.min, lang) : undefined}
              onChange={setPriceMin}
            />
            <PriceField
              label={t('catalog.filters.priceTo')}
              value={priceMax}
              hint={facets.price ? formatMoney(facets.price.max, lang) : undefined}
              onChange={setPriceMax}
            />
          </div>
        </FacetGroup>

        <FacetGroup legend={t('catalog.filters.availability')}>
          <FacetOption
            type="checkbox"
            label={t('catalog.inStockOnly')}
            count={facets.in_stock_count}
            checked={inStock}
            onChange={(on) => {
              setInStock(on);
            }}
          />
        </FacetGroup>

        <FacetGroup legend={t('catalog.filters.discounts')}>
          <FacetOption
            type="checkbox"
            label={t('catalog.onSale')}
            checked={discounted}
            onChange={(on) => {
              setDiscounted(on);
            }}
          />
        </FacetGroup>

        {facets.brands.length > 0 && (
          <FacetGroup legend={t('catalog.filters.brand')}>
            {facets.brands.map((brand) => {
              const checked = brands.includes(brand.slug);
              return (
                <FacetOption
                  key={brand.slug}
                  type="checkbox"
                  label={brand.name}
                  count={brand.count}
                  checked={checked}
                  disabled={brand.count === 0 && !checked}
                  onChange={(on) => {
                    setBrands((list) => toggle(list, brand.slug, on));
                  }}
                />
              );
            })}
          </FacetGroup>
        )}

        {facets.attributes
          .filter((attribute) => attribute.values.length > 0)
          .map((attribute) => (
            <FacetGroup key={attribute.code} legend={attribute.name}>
              {attribute.values.map((option) => {
                const checked = attributes[attribute.code]?.includes(option.value) === true;
                return (
                  <FacetOption
                    key={option.value}
                    type="checkbox"
                    label={option.name}
                    count={option.count}
                    checked={checked}
                    disabled={option.count === 0 && !checked}
                    onChange={(on) => {
                      setAttributes((current) => ({
                        ...current,
                        [attribute.code]: toggle(current[attribute.code] ?? [], option.value, on),
                      }));
                    }}
                  />
                );
              })}
            </FacetGroup>
          ))}
      </div>
      <footer className="sheet__footer">
        <button type="button" className="btn btn--secondary" onClick={reset}>
          {t('catalog.filters.reset')}
        </button>
        <button type="submit" className="btn btn--primary">
          {t('catalog.filters.apply')}
        </button>
      </footer>
    </form>
  );
}

/** One bound of the price range: digits only, the listing's own bound as the placeholder. */
function PriceField({
  label,
  value,
  hint,
  onChange,
}: {
  label: string;
  value: string;
  hint: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <label className="price-range__field">
      <span>{label}</span>
      <input
        className="field__input"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        placeholder={hint}
        onChange={(event) => {
          onChange(digits(event.target.value));
        }}
      />
    </label>
  );
}

function FacetGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="facet">
      <legend className="facet__legend">{legend}</legend>
      <div className="facet__options">{children}</div>
    </fieldset>
  );
}

function FacetOption({
  type,
  name,
  label,
  count,
  checked,
  disabled = false,
  onChange,
}: {
  type: 'radio' | 'checkbox';
  name?: string;
  label: string;
  count?: number | null;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={disabled ? 'facet-option facet-option--disabled' : 'facet-option'}>
      <input
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      <span className="facet-option__label">{label}</span>
      {count !== undefined && count !== null && (
        <span className="facet-option__count">{count}</span>
      )}
    </label>
  );
}
