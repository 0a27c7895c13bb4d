import { SORTS, SortSchema, type Sort } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { FilterIcon } from '../../../lib/ui/icons';

/** "Filters" (with how many are on) and the sort order, above the list. */
export function ListingToolbar({
  sort,
  activeCount,
  onOpenFilters,
  onSort,
}: {
  sort: Sort | undefined;
  activeCount: number;
  onOpenFilters: () => void;
  onSort: (sort: Sort) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="listing-toolbar">
      <button
        type="button"
        className="btn btn--secondary btn--sm listing-toolbar__filters"
        aria-haspopup="dialog"
        onClick={onOpenFilters}
      >
        <FilterIcon size={18} />
        {t('catalog.filters.title')}
        {activeCount > 0 && (
          <span className="listing-toolbar__count" aria-hidden="true">
            {activeCount}
          </span>
        )}
      </button>
      <label className="select-field">
        <span className="select-field__label">{t('catalog.sort')}</span>
        <select
          value={sort ?? 'popular'}
          onChange={(event) => {
            const chosen = SortSchema.safeParse(event.target.value);
            if (chosen.success) onSort(chosen.data);
          }}
        >
          {SORTS.map((option) => (
            <option key={option} value={option}>
              {t(`catalog.sorts.${option}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
