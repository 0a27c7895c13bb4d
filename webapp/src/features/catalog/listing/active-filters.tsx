import {
  formatMoney,
  removeFilter,
  withoutFilters,
  type ActiveFilter,
  type Category,
  type Facets,
  type ListingFilter,
} from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { telegramSelectionHaptic } from '../../../lib/telegram';
import { CloseIcon } from '../../../lib/ui/icons';
import { findCategory } from '../find-category';

/** The filters in force as removable chips, and "Clear all"; nothing when none is on. */
export function ActiveFilters({
  filter,
  chips,
  facets,
  tree,
  onChange,
}: {
  filter: ListingFilter;
  chips: readonly ActiveFilter[];
  facets: Facets | undefined;
  tree: readonly Category[];
  onChange: (filter: ListingFilter) => void;
}) {
  const { t } = useTranslation();
  const chipLabel = useChipLabel(facets, tree);
  if (chips.length === 0) return null;
  return (
    <div className="active-filters">
      <ul className="active-filters__list" aria-label={t('catalog.filters.selected')}>
        {chips.map((chip) => {
          const label = chipLabel(chip);
          return (
            <li key={chipKey(chip)}>
              <button
                type="button"
                className="chip chip--removable"
                aria-label={t('catalog.filters.remove', { name: label })}
                onClick={() => {
                  telegramSelectionHaptic();
                  onChange(removeFilter(filter, chip));
                }}
              >
                {label}
                <CloseIcon size={14} />
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="btn btn--ghost btn--sm"
        onClick={() => {
          onChange(withoutFilters(filter));
        }}
      >
        {t('catalog.filters.clearAll')}
      </button>
    </div>
  );
}

function chipKey(chip: ActiveFilter): string {
  switch (chip.kind) {
    case 'category':
    case 'brand':
      return `${chip.kind}:${chip.slug}`;
    case 'attribute':
      return `attr:${chip.code}:${chip.value}`;
    default:
      return chip.kind;
  }
}

/** A chip's text: names from the facets (or the category tree), codes only as a last resort. */
function useChipLabel(facets: Facets | undefined, tree: readonly Category[]) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (chip: ActiveFilter): string => {
    switch (chip.kind) {
      case 'category':
        return (
          findCategory(tree, chip.slug)?.name ??
          facets?.categories.find((c) => c.slug === chip.slug)?.name ??
          chip.slug
        );
      case 'brand':
        return facets?.brands.find((b) => b.slug === chip.slug)?.name ?? chip.slug;
      case 'price_min':
        return t('catalog.filters.priceFromChip', { price: formatMoney(chip.amount, lang) });
      case 'price_max':
        return t('catalog.filters.priceToChip', { price: formatMoney(chip.amount, lang) });
      case 'in_stock':
        return t('catalog.inStockOnly');
      case 'discounted':
        return t('catalog.onSale');
      case 'attribute':
        return (
          facets?.attributes
            .find((a) => a.code === chip.code)
            ?.values.find((v) => v.value === chip.value)?.name ?? chip.value
        );
    }
  };
}
