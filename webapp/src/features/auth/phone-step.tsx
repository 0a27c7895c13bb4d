import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsTelegram, useTelegramMainButton } from '../../lib/telegram';
import { PageTitle } from '../../lib/ui/states';
import type { SignIn } from './use-sign-in';

/**
 * Sign-in, step one: the phone number the code is texted to. Inside Telegram "Send code" is the
 * MainButton, as every other primary action there; standalone it is a button on the page.
 */
export function PhoneStep({ phone }: { phone: SignIn['phone'] }) {
  const { t } = useTranslation();
  const isTelegram = useIsTelegram();
  const ids = { phone: useId(), phoneHelp: useId(), phoneError: useId() };
  useTelegramMainButton({
    text: t('auth.sendCode'),
    visible: true,
    loading: phone.sending,
    onClick: phone.submit,
  });
  return (
    <>
      <PageTitle subtitle={t('auth.intro')}>{t('auth.title')}</PageTitle>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          phone.submit();
        }}
      >
        {phone.formError && (
          <p className="notice notice--error" role="alert">
            {phone.formError}
          </p>
        )}
        <div className="field">
          <label className="field__label" htmlFor={ids.phone}>
            {t('auth.phoneLabel')}
          </label>
          <input
            id={ids.phone}
            className="field__input field__input--large"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            name="phone"
            maxLength={32}
            value={phone.value}
            aria-invalid={phone.error !== null}
            aria-describedby={phone.error ? `${ids.phoneError} ${ids.phoneHelp}` : ids.phoneHelp}
            onChange={(event) => {
              phone.change(event.target.value);
            }}
          />
          <p className="field__help" id={ids.phoneHelp}>
            {t('auth.phoneHint')}
          </p>
          {phone.error && (
            <p className="field__error" id={ids.phoneError} role="alert">
              {phone.error}
            </p>
          )}
        </div>
        {!isTelegram && (
          <button type="submit" className="btn btn--primary btn--block" disabled={phone.sending}>
            {t('auth.sendCode')}
          </button>
        )}
      </form>
    </>
  );
}
