import type { CardBrand, SavedCard } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { CARD_BRAND_NAMES, maskedTail } from './card-input';

/** The brand as a small coloured mark beside a number; nothing for a brand we cannot tell. */
export function CardBrandMark({ brand }: { brand: CardBrand | null }) {
  if (brand === null || brand === 'unknown') return null;
  return <span className={`card-brand card-brand--${brand}`}>{CARD_BRAND_NAMES[brand]}</span>;
}

/** 'Uzcard •••• 6311': how a saved card is named on every screen and to screen readers. */
export function useCardName(): (card: Pick<SavedCard, 'brand' | 'masked_number'>) => string {
  const { t } = useTranslation();
  return (card) =>
    `${card.brand === 'unknown' ? t('cards.brandUnknown') : CARD_BRAND_NAMES[card.brand]} ${maskedTail(card.masked_number)}`;
}
