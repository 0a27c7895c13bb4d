import type { ComponentType } from 'react';

/**
 * The card picker of checkout and the payment page: the saved cards, one chosen, and a new one
 * added on the spot. It belongs to the cards feature, which checkout may not import; the app's
 * route (app/routes/) passes it in.
 */
export interface CardChooserProps {
  /** The chosen card's id; 0 when none is chosen yet. */
  selected: number;
  onSelect: (cardId: number) => void;
  error?: string | undefined;
  /** The phone the add-card form offers for the bank's SMS. */
  defaultPhone: string;
  disabled?: boolean;
}

export type CardChooserSlot = ComponentType<CardChooserProps>;
