import { buildPath, formatUzPhone, normalizeUzPhone, OTP_LENGTH, OtpSchema } from '@shop/shared';
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { isApiError } from '../../lib/api/api-error';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAuth, useServices } from '../../lib/services/services-context';
import { PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { safeNextPath } from '../../lib/utils/safe-next';
import { useSendOtp } from './api/send-otp';
import { useVerifyOtp } from './api/verify-otp';
import { isPhoneLocked, otpErrorMessage } from './otp-error';
import { useCountdown } from '../../lib/utils/use-countdown';
import './auth.css';

export function SignInPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('auth.title'));
  const isAuthenticated = useAuth((state) => state.isAuthenticated);
  // Signing in flips the auth state before we navigate away; keep the flow on screen meanwhile
  // instead of flashing "already logged in".
  const [completing, setCompleting] = useState(false);
  if (isAuthenticated && !completing) return <AlreadySignedIn />;
  return <SignInFlow onCompleting={setCompleting} />;
}

function AlreadySignedIn() {
  const { t } = useTranslation();
  const { auth } = useServices();
  const [busy, setBusy] = useState(false);
  return (
    <div className="auth">
      <PageTitle>{t('auth.alreadyLoggedIn')}</PageTitle>
      <p>{t('auth.contactSupport')}</p>
      <button
        type="button"
        className="btn btn--secondary btn--block"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void auth
            .getState()
            .logout()
            .finally(() => {
              setBusy(false);
            });
        }}
      >
        {t('auth.logout')}
      </button>
    </div>
  );
}

type Step = { name: 'phone' } | { name: 'code'; phone: string };

function SignInFlow({ onCompleting }: { onCompleting: (value: boolean) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { auth, toasts } = useServices();
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const countdown = useCountdown();
  const ids = { phone: useId(), phoneHelp: useId(), phoneError: useId(), code: useId() };
  const codeHelpId = useId();
  const codeErrorId = useId();

  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [phoneInput, setPhoneInput] = useState('+998 ');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  const requestCode = (phone: string, resend: boolean) => {
    sendOtp.mutate(
      { phone, user_type: auth.getState().userType },
      {
        onSuccess: (answer) => {
          setStep({ name: 'code', phone });
          setCodeError(null);
          countdown.start(answer.resend_after);
          if (resend) toasts.getState().show({ kind: 'info', message: t('auth.codeResent') });
        },
        onError: (error) => {
          // A code went out moments ago: let the shopper type it instead of refusing.
          if (isApiError(error) && error.code === 'otp_resend_too_soon') {
            setStep({ name: 'code', phone });
            countdown.start(error.retryAfter ?? 60);
          }
          const message = otpErrorMessage(t, error);
          if (resend || (isApiError(error) && error.code === 'otp_resend_too_soon')) {
            setCodeError(message);
          } else {
            setPhoneError(message);
          }
        },
      },
    );
  };

  const submitPhone = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const phone = normalizeUzPhone(phoneInput);
    if (phone === null) {
      setPhoneError(t('auth.phoneInvalid'));
      return;
    }
    setPhoneError(null);
    requestCode(phone, false);
  };

  const submitCode = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step.name !== 'code') return;
    const otp = code.trim();
    if (!OtpSchema.safeParse(otp).success) {
      setCodeError(t('auth.codeInvalid'));
      return;
    }
    setCodeError(null);
    onCompleting(true);
    verifyOtp.mutate(
      { phone: step.phone, otp },
      {
        onSuccess: () => {
          const next = safeNextPath(params.get('next'));
          void navigate(next ?? buildPath(lang, 'account'), { replace: true });
        },
        onError: (error) => {
          onCompleting(false);
          setCodeError(otpErrorMessage(t, error));
          // The burned code's message asks for a new one: the resend button follows the server's
          // own wait, so it opens exactly when a new code may be sent. A locked phone's wait is
          // hours, which the message says in words rather than a countdown in seconds.
          if (
            isApiError(error) &&
            error.code === 'otp_attempts_exceeded' &&
            error.retryAfter !== undefined &&
            !isPhoneLocked(error)
          ) {
            countdown.start(error.retryAfter);
          }
          if (isApiError(error) && error.code !== 'network_error') setCode('');
        },
      },
    );
  };

  if (step.name === 'phone') {
    return (
      <div className="auth">
        <PageTitle subtitle={t('auth.intro')}>{t('auth.title')}</PageTitle>
        <form className="form" noValidate onSubmit={submitPhone}>
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
              value={phoneInput}
              aria-invalid={phoneError !== null}
              aria-describedby={phoneError ? `${ids.phoneError} ${ids.phoneHelp}` : ids.phoneHelp}
              onChange={(event) => {
                setPhoneInput(event.target.value);
                setPhoneError(null);
              }}
            />
            <p className="field__help" id={ids.phoneHelp}>
              {t('auth.phoneHint')}
            </p>
            {phoneError && (
              <p className="field__error" id={ids.phoneError} role="alert">
                {phoneError}
              </p>
            )}
          </div>
          <button
            type="submit"
            className="btn btn--primary btn--block"
            disabled={sendOtp.isPending}
          >
            {t('auth.sendCode')}
          </button>
        </form>
        <LegalNote />
      </div>
    );
  }

  return (
    <div className="auth">
      <PageTitle subtitle={t('auth.codeSent', { phone: formatUzPhone(step.phone) })}>
        {t('auth.title')}
      </PageTitle>
      <form className="form" noValidate onSubmit={submitCode}>
        <div className="field">
          <label className="field__label" htmlFor={ids.code}>
            {t('auth.codeLabel')}
          </label>
          <input
            id={ids.code}
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
            value={code}
            aria-invalid={codeError !== null}
            aria-describedby={codeError ? codeErrorId : codeHelpId}
            onChange={(event) => {
              // Keep digits only: SMS autofill and pasting bring spaces or dashes along.
              setCode(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH));
              setCodeError(null);
            }}
          />
          <p className="field__help" id={codeHelpId}>
            {t('auth.codeInvalid')}
          </p>
          {codeError && (
            <p className="field__error" id={codeErrorId} role="alert">
              {codeError}
            </p>
          )}
        </div>
        <button
          type="submit"
          className="btn btn--primary btn--block"
          disabled={verifyOtp.isPending}
        >
          {t('auth.signIn')}
        </button>
      </form>
      <div className="auth__secondary">
        <button
          type="button"
          className="btn btn--ghost"
          disabled={countdown.remaining > 0 || sendOtp.isPending}
          onClick={() => {
            requestCode(step.phone, true);
          }}
        >
          {countdown.remaining > 0
            ? t('auth.resendIn', { seconds: countdown.remaining })
            : t('auth.sendAgain')}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => {
            setStep({ name: 'phone' });
            setCode('');
            setCodeError(null);
          }}
        >
          {t('auth.changePhone')}
        </button>
      </div>
    </div>
  );
}

function LegalNote() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <p className="auth__legal muted">
      {t('auth.legalNote')} <Link to={buildPath(lang, 'contacts')}>{t('auth.contacts')}</Link>
    </p>
  );
}
