import { formatUzPhone } from '@shop/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsTelegram, useTelegramMainButton } from '../../lib/telegram';
import { PageTitle } from '../../lib/ui/states';
import type { SignIn } from './use-sign-in';

/**
 * Sign-in, step two: the texted code, "Send again" after the wait, or another phone. Inside
 * Telegram "Sign in" is the MainButton; standalone it is a button on the page.
 */
export function CodeStep({ phone, code }: { phone: string; code: SignIn['code'] }) {
  const { t } = useTranslation();
  const isTelegram = useIsTelegram();
  useTelegramMainButton({
    text: t('auth.signIn'),
    visible: true,
    loading: code.verifying,
    onClick: code.submit,
  });
  return (
    <>
      <PageTitle subtitle={t('auth.codeSent', { phone: formatUzPhone(phone) })}>
        {t('auth.title')}
      </PageTitle>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          code.submit();
        }}
      >
        {code.formError && (
          <p className="notice notice--error" role="alert">
            {code.formError}
          </p>
        )}
        <CodeField code={code} />
        {!isTelegram && (
          <button type="submit" className="btn btn--primary btn--block" disabled={code.verifying}>
            {t('auth.signIn')}
          </button>
        )}
      </form>
      <div className="auth__secondary">
        <button
          type="button"
          className="btn btn--ghost"
          disabled={code.resendIn > 0 || code.resending}
          onClick={code.resend}
        >
          {code.resendIn > 0 ? t('auth.resendIn', { seconds: code.resendIn }) : t('auth.sendAgain')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={code.changePhone}>
          {t('auth.changePhone')}
        </button>
      </div>
    </>
  );
}

/** The texted code's field, described by its hint or, once refused, by why. */
function CodeField({ code }: { code: SignIn['code'] }) {
  const { t } = useTranslation();
  const inputId = useId();
  const helpId = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {t('auth.codeLabel')}
      </label>
      <input
        id={inputId}
        className="field__input field__input--code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        name="otp"
        // No maxLength: the browser would cut '123 45' to '123 4' before onChange could drop
        // the space. onChange keeps the first OTP_LENGTH digits instead.
        // The phone step just ended with this field as the obvious next thing to fill.
        autoFocus
        value={code.value}
        aria-invalid={code.error !== null}
        aria-describedby={code.error ? errorId : helpId}
        onChange={(event) => {
          code.change(event.target.value);
        }}
      />
      <p className="field__help" id={helpId}>
        {t('auth.codeInvalid')}
      </p>
      {code.error && (
        <p className="field__error" id={errorId} role="alert">
          {code.error}
        </p>
      )}
    </div>
  );
}
