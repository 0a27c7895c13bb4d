import type { Variant } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { telegramSelectionHaptic } from '../../lib/telegram';
import { attributeGroups, type Selection } from './variant-selection';

/**
 * One radio group per attribute; each option is a radio named by its value ("White"). Options
 * that cannot be bought with the other choices are shown, but disabled.
 */
export function VariantPicker({
  variants,
  selection,
  onChoose,
}: {
  variants: readonly Variant[];
  selection: Selection;
  onChoose: (code: string, value: string) => void;
}) {
  const { t } = useTranslation();
  const groups = attributeGroups(variants, selection);
  if (groups.length === 0) return null;
  return (
    <div className="variants">
      {groups.map((group) => (
        <fieldset key={group.code} className="variants__group">
          <legend className="variants__legend">
            {group.name}
            {selection[group.code] && (
              <span className="variants__current">: {selection[group.code]}</span>
            )}
          </legend>
          <div className="variants__options">
            {group.options.map((option) => (
              <label
                key={option.value}
                className={option.available ? 'option' : 'option option--unavailable'}
                title={option.available ? undefined : t('product.unavailable')}
              >
                <input
                  type="radio"
                  className="option__input"
                  name={`variant-${group.code}`}
                  value={option.value}
                  checked={option.selected}
                  disabled={!option.available}
                  onChange={() => {
                    telegramSelectionHaptic();
                    onChoose(group.code, option.value);
                  }}
                />
                <span className="option__label">{option.value}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
