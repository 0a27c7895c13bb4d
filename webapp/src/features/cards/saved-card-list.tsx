import type { SavedCard } from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/i18n/error-message';
import { useServices } from '../../lib/services/services-context';
import { telegramHaptic, useTelegramBackOverride } from '../../lib/telegram';
import { ErrorState, Spinner } from '../../lib/ui/states';
import { AddCardForm } from './add-card-form';
import { CardBrandMark, useCardName } from './card-brand';
import { maskedTail } from './card-input';
import { useRemoveCard, useSetDefaultCard } from './api/card-mutations';
import { useCards } from './api/get-cards';
import { useSessionEnded } from '../../lib/auth/use-session-ended';
import './cards.css';

/** The account's cards: add one, see each by brand and last digits, remove, pick the default. */
export function SavedCardList({ defaultPhone }: { defaultPhone: string }) {
  const { t } = useTranslation();
  const { toasts } = useServices();
  const cards = useCards();
  const [adding, setAdding] = useState(false);
  // Inside Telegram, Back closes the card form before it leaves the page.
  useTelegramBackOverride(adding, () => {
    setAdding(false);
  });

  return (
    <div className="saved-cards">
      {cards.isPending && <Spinner label={t('common.loading')} />}
      {cards.isError && (
        <ErrorState
          message={errorMessage(t, cards.error)}
          onRetry={() => void cards.refetch()}
          retrying={cards.isFetching}
        />
      )}
      {cards.data?.length === 0 && !adding && <p className="muted">{t('cards.none')}</p>}
      {cards.data && cards.data.length > 0 && (
        <ul className="saved-cards__list">
          {cards.data.map((card) => (
            <SavedCardRow key={card.id} card={card} />
          ))}
        </ul>
      )}
      {adding ? (
        <AddCardForm
          defaultPhone={defaultPhone}
          onAdded={() => {
            setAdding(false);
            toasts.getState().show({ kind: 'success', message: t('cards.added') });
          }}
          onCancel={() => {
            setAdding(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="btn btn--secondary btn--block"
          disabled={!cards.data}
          onClick={() => {
            setAdding(true);
          }}
        >
          {t('cards.add')}
        </button>
      )}
    </div>
  );
}

function SavedCardRow({ card }: { card: SavedCard }) {
  const { t } = useTranslation();
  const cardName = useCardName();
  const remove = useRemoveCard();
  const setDefault = useSetDefaultCard();
  const sessionEnded = useSessionEnded();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = cardName(card);
  const busy = remove.isPending || setDefault.isPending;

  const onError = (error: unknown) => {
    telegramHaptic('error');
    sessionEnded(error);
    setProblem(errorMessage(t, error));
  };

  return (
    <li className="saved-card-row" aria-label={name}>
      <div className="saved-card-row__main">
        <CardBrandMark brand={card.brand} />
        <span className="saved-card__number">{maskedTail(card.masked_number)}</span>
        <span className="saved-card__expiry">{t('cards.expires', { expiry: card.expiry })}</span>
        {card.is_default && <span className="badge saved-card__default">{t('cards.default')}</span>}
      </div>
      {confirming ? (
        <RemoveConfirm
          name={name}
          busy={busy}
          onKeep={() => {
            setConfirming(false);
          }}
          onRemove={() => {
            setProblem(null);
            remove.mutate(card.id, { onError });
          }}
        />
      ) : (
        <div className="saved-card-row__actions">
          {!card.is_default && (
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              disabled={busy}
              aria-label={t('cards.makeDefaultNamed', { card: name })}
              onClick={() => {
                setProblem(null);
                setDefault.mutate(card.id, { onError });
              }}
            >
              {t('cards.makeDefault')}
            </button>
          )}
          <button
            type="button"
            className="btn btn--ghost btn--sm saved-card-row__remove"
            disabled={busy}
            aria-label={t('cards.removeNamed', { card: name })}
            onClick={() => {
              setConfirming(true);
            }}
          >
            {t('cards.remove')}
          </button>
        </div>
      )}
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </li>
  );
}

/** "Remove this card?" with its two answers, in place of the row's buttons. */
function RemoveConfirm({
  name,
  busy,
  onKeep,
  onRemove,
}: {
  name: string;
  busy: boolean;
  onKeep: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="saved-card-row__confirm"
      role="group"
      aria-label={t('cards.removeAsk', { card: name })}
    >
      <p>{t('cards.removeAsk', { card: name })}</p>
      <div className="saved-card-row__actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={onKeep}>
          {t('cards.keep')}
        </button>
        <button
          type="button"
          className="btn btn--danger btn--sm"
          disabled={busy}
          onClick={onRemove}
        >
          {t('cards.removeYes')}
        </button>
      </div>
    </div>
  );
}
