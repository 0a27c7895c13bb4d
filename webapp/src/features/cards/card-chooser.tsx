import type { SavedCard } from '@shop/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/i18n/error-message';
import { useTelegramBackOverride } from '../../lib/telegram';
import { ErrorState, Spinner } from '../../lib/ui/states';
import { AddCardForm } from './add-card-form';
import { CardBrandMark, useCardName } from './card-brand';
import { maskedTail } from './card-input';
import { useCards } from './api/get-cards';
import './cards.css';

interface CardChooserProps {
  /** The chosen card's id; 0 when none is chosen yet. */
  selected: number;
  onSelect: (cardId: number) => void;
  error?: string | undefined;
  defaultPhone: string;
  disabled?: boolean;
}

/**
 * The card to pay with: the saved ones (the default chosen until the shopper picks another) or a
 * new one added on the spot, which is then chosen. Used at checkout and on the payment page.
 */
export function CardChooser({
  selected,
  onSelect,
  error,
  defaultPhone,
  disabled = false,
}: CardChooserProps) {
  const { t } = useTranslation();
  const cards = useCards();
  const cardName = useCardName();
  const errorId = useId();
  const list = cards.data;

  // Nothing chosen, or a card that is gone: the default (else the first) stands in.
  const chosen = list?.find((card) => card.id === selected);
  const fallback = list?.find((card) => card.is_default) ?? list?.[0];
  useEffect(() => {
    if (!chosen && fallback) onSelect(fallback.id);
  }, [chosen, fallback, onSelect]);

  return (
    <div className="card-chooser">
      {cards.isPending && <Spinner label={t('common.loading')} />}
      {cards.isError && (
        <ErrorState
          message={errorMessage(t, cards.error)}
          onRetry={() => void cards.refetch()}
          retrying={cards.isFetching}
        />
      )}
      {list && list.length > 0 && (
        <div
          className="choice-list"
          role="radiogroup"
          aria-label={t('cards.choose')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          {list.map((card) => (
            <label key={card.id} className="choice saved-card">
              <input
                type="radio"
                name="saved-card"
                value={card.id}
                checked={card.id === chosen?.id}
                disabled={disabled}
                aria-label={cardName(card)}
                onChange={() => {
                  onSelect(card.id);
                }}
              />
              <span className="saved-card__body" aria-hidden="true">
                <CardBrandMark brand={card.brand} />
                <span className="saved-card__number">{maskedTail(card.masked_number)}</span>
                <span className="saved-card__expiry">{card.expiry}</span>
              </span>
            </label>
          ))}
        </div>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      <AddNewCard
        cards={list}
        defaultPhone={defaultPhone}
        disabled={disabled}
        onSelect={onSelect}
      />
    </div>
  );
}

/**
 * Once the saved cards are known: the form for a new card (at once when there is none), else the
 * button that opens it. The card added is chosen.
 */
function AddNewCard({
  cards,
  defaultPhone,
  disabled,
  onSelect,
}: {
  cards: readonly SavedCard[] | undefined;
  defaultPhone: string;
  disabled: boolean;
  onSelect: (cardId: number) => void;
}) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  // Inside Telegram, Back closes the card form before it leaves the page.
  useTelegramBackOverride(adding && (cards?.length ?? 0) > 0, () => {
    setAdding(false);
  });

  if (!cards) return null;
  if (adding || cards.length === 0) {
    return (
      <AddCardForm
        defaultPhone={defaultPhone}
        onAdded={(card) => {
          setAdding(false);
          onSelect(card.id);
        }}
        onCancel={
          cards.length > 0
            ? () => {
                setAdding(false);
              }
            : undefined
        }
      />
    );
  }
  return (
    <button
      type="button"
      className="btn btn--secondary btn--block"
      disabled={disabled}
      onClick={() => {
        setAdding(true);
      }}
    >
      {t('cards.addNew')}
    </button>
  );
}
