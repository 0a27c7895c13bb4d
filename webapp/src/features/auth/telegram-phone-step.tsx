import { useTranslation } from 'react-i18next';
import { useTelegramMainButton } from '../../lib/telegram';
import { PageTitle } from '../../lib/ui/states';
import { useTelegramPhoneSignIn, type PhoneShareOutcome } from './use-telegram-phone-sign-in';

/**
 * Sign-in inside Telegram, step one: Telegram's MainButton shares the phone of the shopper's
 * Telegram account, and the server signs them in with no SMS. The page keeps a way to the SMS code.
 */
export function TelegramPhoneStep({
  onDone,
  onUseSms,
  onCompleting,
}: {
  onDone: (outcome: PhoneShareOutcome) => void;
  onUseSms: () => void;
  onCompleting: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  const share = useTelegramPhoneSignIn(onDone, onCompleting);
  useTelegramMainButton({
    text: t('auth.telegram.share'),
    visible: true,
    loading: share.pending,
    onClick: share.start,
  });
  return (
    <>
      <PageTitle subtitle={t('auth.telegram.intro')}>{t('auth.title')}</PageTitle>
      {share.pending && (
        <p className="muted" role="status">
          {t('auth.telegram.sharing')}
        </p>
      )}
      {share.error && (
        <p className="field__error" role="alert">
          {share.error}
        </p>
      )}
      <button
        type="button"
        className="btn btn--ghost btn--block"
        disabled={share.pending}
        onClick={onUseSms}
      >
        {t('auth.telegram.useSms')}
      </button>
    </>
  );
}
