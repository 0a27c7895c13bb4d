import type { Facets, ListingFilter } from '@shop/shared';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTelegramBackOverride } from '../../../lib/telegram';
import { CloseIcon } from '../../../lib/ui/icons';
import { Spinner } from '../../../lib/ui/states';
import { FiltersForm } from './filters-form';

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
