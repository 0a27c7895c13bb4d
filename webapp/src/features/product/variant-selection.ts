import type { Attribute, Variant } from '@shop/shared';

// Variant choice as pure functions, so the rules are tested without rendering a page.

export interface AttributeOption {
  value: string;
  /** Some in-stock variant has this value together with the other current choices. */
  available: boolean;
  selected: boolean;
}

export interface AttributeGroup {
  code: string;
  name: string;
  options: AttributeOption[];
}

export type Selection = Readonly<Record<string, string>>;

function valueOf(variant: Variant, code: string): string | undefined {
  return variant.attributes.find((attribute) => attribute.code === code)?.value;
}

function matches(variant: Variant, selection: Selection, except?: string): boolean {
  return Object.entries(selection).every(
    ([code, value]) => code === except || valueOf(variant, code) === value,
  );
}

export function selectionOf(variant: Variant): Selection {
  return Object.fromEntries(variant.attributes.map((a: Attribute) => [a.code, a.value]));
}

/** The first variant that can be bought, else the first one: what the page opens with. */
export function initialVariant(variants: readonly Variant[]): Variant | undefined {
  return variants.find((variant) => variant.in_stock) ?? variants[0];
}

export function findVariant(
  variants: readonly Variant[],
  selection: Selection,
): Variant | undefined {
  return variants.find((variant) => matches(variant, selection));
}

/** Attribute groups in the order they first appear, each with its values and availability. */
export function attributeGroups(
  variants: readonly Variant[],
  selection: Selection,
): AttributeGroup[] {
  const groups: AttributeGroup[] = [];
  for (const variant of variants) {
    for (const attribute of variant.attributes) {
      let group = groups.find((candidate) => candidate.code === attribute.code);
      if (!group) {
        group = { code: attribute.code, name: attribute.name, options: [] };
        groups.push(group);
      }
      if (!group.options.some((option) => option.value === attribute.value)) {
        group.options.push({ value: attribute.value, available: false, selected: false });
      }
    }
  }
  for (const group of groups) {
    for (const option of group.options) {
      option.selected = selection[group.code] === option.value;
      option.available = variants.some(
        (variant) =>
          variant.in_stock &&
          valueOf(variant, group.code) === option.value &&
          matches(variant, selection, group.code),
      );
    }
  }
  return groups;
}

/**
 * Choosing a value: the exact combination when it exists, otherwise the variant with that value
 * that keeps most of the other choices (in stock first), so a choice never leads nowhere.
 */
export function chooseValue(
  variants: readonly Variant[],
  selection: Selection,
  code: string,
  value: string,
): Variant | undefined {
  const wanted = { ...selection, [code]: value };
  const exact = findVariant(variants, wanted);
  if (exact) return exact;
  const candidates = variants.filter((variant) => valueOf(variant, code) === value);
  const score = (variant: Variant) =>
    (variant.in_stock ? 100 : 0) +
    Object.entries(selection).filter(([c, v]) => valueOf(variant, c) === v).length;
  return [...candidates].sort((a, b) => score(b) - score(a))[0];
}
