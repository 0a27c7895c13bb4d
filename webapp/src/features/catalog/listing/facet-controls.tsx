import type { ReactNode } from 'react';

/** Digits only, at most 11 of them: what a price bound in sum can be. */
function digits(text: string): string {
  return text.replace(/\D/g, '').slice(0, 11);
}

/** One bound of the price range: digits only, the listing's own bound as the placeholder. */
export function PriceField({
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

export function FacetGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="facet">
      <legend className="facet__legend">{legend}</legend>
      <div className="facet__options">{children}</div>
    </fieldset>
  );
}

export function FacetOption({
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

/**
 * A facet of many values (brands, an attribute's values), each with its count. A value with no
 * products is greyed out unless already ticked, so it can still be taken off.
 */
export function CheckboxFacet({
  legend,
  options,
  chosen,
  onToggle,
}: {
  legend: string;
  options: readonly { value: string; name: string; count: number }[];
  chosen: readonly string[];
  onToggle: (value: string, on: boolean) => void;
}) {
  return (
    <FacetGroup legend={legend}>
      {options.map((option) => {
        const checked = chosen.includes(option.value);
        return (
          <FacetOption
            key={option.value}
            type="checkbox"
            label={option.name}
            count={option.count}
            checked={checked}
            disabled={option.count === 0 && !checked}
            onChange={(on) => {
              onToggle(option.value, on);
            }}
          />
        );
      })}
    </FacetGroup>
  );
}
