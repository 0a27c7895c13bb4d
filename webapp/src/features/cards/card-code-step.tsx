import { useTranslation } from 'react-i18next';
import { TextField } from '../../lib/ui/text-field';
import { PendingButton, submitOnEnter } from './step-parts';
import { cleanCode } from './card-input';

/** Step two: the code the bank texted, with "Send again" once the countdown has run out. */
export function CardCodeStep({
  maskedPhone,
  typedPhone,
  codeLength,
  code,
  error,
  pending,
  resendIn,
  resending,
  onChange,
  onSubmit,
  onResend,
  onBack,
}: {
  maskedPhone: string;
  /** The number typed, when the bank texted another one. */
  typedPhone: string | null;
  codeLength: number;
  code: string;
  error: string | undefined;
  pending: boolean;
  /** Seconds until another code may be asked for; 0 when it may. */
  resendIn: number;
  resending: boolean;
  onChange: (code: string) => void;
  onSubmit: () => void;
  onResend: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const onEnter = submitOnEnter(onSubmit);
  return (
    <div className="add-card__step" onKeyDown={onEnter}>
      <p className="add-card__sent" role="status">
        {t('cards.codeSentTo', { phone: maskedPhone })}
        {typedPhone !== null && ` ${t('cards.codeSentElsewhere', { typed: typedPhone })}`}
      </p>
      <TextField
        label={t('cards.code')}
        className="add-card__code"
        // A pasted SMS or a code with spaces still fits: only its digits are kept.
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        autoFocus
        value={code}
        error={error}
        onChange={(event) => {
          onChange(cleanCode(event.target.value, codeLength));
        }}
      />
      <div className="add-card__actions add-card__actions--code">
        <button type="button" className="btn btn--ghost" onClick={onBack}>
          {t('cards.changeCard')}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={resendIn > 0 || resending}
          onClick={onResend}
        >
          {resendIn > 0 ? t('cards.resendIn', { seconds: resendIn }) : t('cards.resend')}
        </button>
        <PendingButton pending={pending} onClick={onSubmit}>
          {t('cards.confirm')}
        </PendingButton>
      </div>
    </div>
  );
}
