import { CURRENCY_SUFFIX, formatMoney, type Facets, type ListingFilter } from '@shop/shared';
import { useState, type Dispatch, type SetStateAction, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { CheckboxFacet, FacetGroup, FacetOption, PriceField } from './facet-controls';
import { draftOf, EMPTY_DRAFT, filterOf, toggled, type FiltersDraft } from './filters-draft';

/**
 * The filters sheet's form, facet by facet: category, price, availability, discounts, brands,
 * then the attributes. "Apply" hands the draft over as a filter; "Reset" clears the draft only.
 */
export function FiltersForm({
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
  const [draft, setDraft] = useState<FiltersDraft>(() => draftOf(filter));
  const change = (patch: Partial<FiltersDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(filterOf(draft, filter.sort));
  };

  return (
    <form className="sheet__form" onSubmit={submit}>
      <div className="sheet__body">
        <CategoryFacet
          filter={filter}
          facets={facets}
          categoryName={categoryName}
          chosen={draft.category}
          onChoose={(category) => {
            change({ category });
          }}
        />

        <PriceFacet price={facets.price} draft={draft} change={change} />
        <FlagFacets inStockCount={facets.in_stock_count} draft={draft} change={change} />
        <ValueFacets facets={facets} draft={draft} setDraft={setDraft} />
      </div>
      <footer className="sheet__footer">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            setDraft(EMPTY_DRAFT);
          }}
        >
          {t('catalog.filters.reset')}
        </button>
        <button type="submit" className="btn btn--primary">
          {t('catalog.filters.apply')}
        </button>
      </footer>
    </form>
  );
}

/** The price range, each bound with the listing's own as its placeholder. */
function PriceFacet({
  price,
  draft,
  change,
}: {
  price: Facets['price'];
  draft: FiltersDraft;
  change: (patch: Partial<FiltersDraft>) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <FacetGroup legend={`${t('catalog.filters.price')}, ${CURRENCY_SUFFIX[lang]}`}>
      <div className="price-range">
        <PriceField
          label={t('catalog.filters.priceFrom')}
          value={draft.priceMin}
          hint={price ? formatMoney(price.min, lang) : undefined}
          onChange={(priceMin) => {
            change({ priceMin });
          }}
        />
        <PriceField
          label={t('catalog.filters.priceTo')}
          value={draft.priceMax}
          hint={price ? formatMoney(price.max, lang) : undefined}
          onChange={(priceMax) => {
            change({ priceMax });
          }}
        />
      </div>
    </FacetGroup>
  );
}

/** In stock only, and on sale only: a tick each. */
function FlagFacets({
  inStockCount,
  draft,
  change,
}: {
  inStockCount: Facets['in_stock_count'];
  draft: FiltersDraft;
  change: (patch: Partial<FiltersDraft>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FacetGroup legend={t('catalog.filters.availability')}>
        <FacetOption
          type="checkbox"
          label={t('catalog.inStockOnly')}
          count={inStockCount}
          checked={draft.inStock}
          onChange={(inStock) => {
            change({ inStock });
          }}
        />
      </FacetGroup>

      <FacetGroup legend={t('catalog.filters.discounts')}>
        <FacetOption
          type="checkbox"
          label={t('catalog.onSale')}
          checked={draft.discounted}
          onChange={(discounted) => {
            change({ discounted });
          }}
        />
      </FacetGroup>
    </>
  );
}

/** The brands, then each attribute that has values: any number of each ticked. */
function ValueFacets({
  facets,
  draft,
  setDraft,
}: {
  facets: Facets;
  draft: FiltersDraft;
  setDraft: Dispatch<SetStateAction<FiltersDraft>>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {facets.brands.length > 0 && (
        <CheckboxFacet
          legend={t('catalog.filters.brand')}
          options={facets.brands.map((brand) => ({ ...brand, value: brand.slug }))}
          chosen={draft.brands}
          onToggle={(slug, on) => {
            setDraft((current) => ({ ...current, brands: toggled(current.brands, slug, on) }));
          }}
        />
      )}

      {facets.attributes
        .filter((attribute) => attribute.values.length > 0)
        .map((attribute) => (
          <CheckboxFacet
            key={attribute.code}
            legend={attribute.name}
            options={attribute.values}
            chosen={draft.attributes[attribute.code] ?? []}
            onToggle={(value, on) => {
              setDraft((current) => ({
                ...current,
                attributes: {
                  ...current.attributes,
                  [attribute.code]: toggled(current.attributes[attribute.code] ?? [], value, on),
                },
              }));
            }}
          />
        ))}
    </>
  );
}

/** One category at most, or none; the chosen one stays choosable when the facets omit it. */
function CategoryFacet({
  filter,
  facets,
  categoryName,
  chosen,
  onChoose,
}: {
  filter: ListingFilter;
  facets: Facets;
  categoryName: string | undefined;
  chosen: string;
  onChoose: (slug: string) => void;
}) {
  const { t } = useTranslation();
  // The facets may list only the chosen category's neighbours (e.g. for a leaf category).
  const categories =
    filter.category && !facets.categories.some((c) => c.slug === filter.category)
      ? [
          { slug: filter.category, name: categoryName ?? filter.category, count: null },
          ...facets.categories,
        ]
      : facets.categories;
  if (categories.length === 0) return null;
  return (
    <FacetGroup legend={t('catalog.filters.category')}>
      <FacetOption
        type="radio"
        name="category"
        label={t('catalog.clearFilter')}
        checked={chosen === ''}
        onChange={() => {
          onChoose('');
        }}
      />
      {categories.map((option) => (
        <FacetOption
          key={option.slug}
          type="radio"
          name="category"
          label={option.name}
          count={option.count}
          checked={chosen === option.slug}
          onChange={() => {
            onChoose(option.slug);
          }}
        />
      ))}
    </FacetGroup>
  );
}
