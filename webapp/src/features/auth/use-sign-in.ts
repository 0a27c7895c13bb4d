import { buildPath, normalizeUzPhone, OTP_LENGTH, OtpSchema } from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { isApiError } from '../../lib/api/api-error';
import { useLanguage } from '../../lib/i18n/use-language';
import { useServices } from '../../lib/services/services-context';
import { safeNextPath } from '../../lib/utils/safe-next';
import { useCountdown } from '../../lib/utils/use-countdown';
import { useSendOtp } from './api/send-otp';
import { useVerifyOtp } from './api/verify-otp';
import { burnedCodeWait, otpErrorMessage, refusalPlace, resendTooSoonWait } from './otp-error';

type Step = { name: 'phone' } | { name: 'code'; phone: string };

/**
 * The sign-in flow's state: the phone step, then the code step with "Send again" once the
 * server's wait has run out. A verified code leads to `?next=` (when it is ours) or the account.
 * `onCompleting` says when a verification is under way, so the page keeps the flow on screen.
 */
export function useSignIn(onCompleting: (value: boolean) => void) {
  const { t } = useTranslation();
  const { auth, toasts } = useServices();
  const sendOtp = useSendOtp();
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [phoneInput, setPhoneInput] = useState('+998 ');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  /** A refused send that is not about the phone typed (the SMS gateway down, a limit). */
  const [phoneFormError, setPhoneFormError] = useState<string | null>(null);
  const code = useCodeEntry(onCompleting);

  const showPhoneRefusal = (error: unknown) => {
    const message = otpErrorMessage(t, error);
    const onField = refusalPlace(error, 'phone') === 'phone';
    setPhoneError(onField ? message : null);
    setPhoneFormError(onField ? null : message);
  };

  const requestCode = (phone: string, resend: boolean) => {
    sendOtp.mutate(
      { phone, user_type: auth.getState().userType },
      {
        onSuccess: (answer) => {
          setStep({ name: 'code', phone });
          code.clearErrors();
          code.waitBeforeResend(answer.resend_after);
          if (resend) toasts.getState().show({ kind: 'info', message: t('auth.codeResent') });
        },
        onError: (error) => {
          const wait = resendTooSoonWait(error);
          if (wait !== null) {
            setStep({ name: 'code', phone });
            code.waitBeforeResend(wait);
          }
          if (resend || wait !== null) code.showRefusal(error);
          else showPhoneRefusal(error);
        },
      },
    );
  };

  return {
    step,
    phone: {
      value: phoneInput,
      error: phoneError,
      formError: phoneFormError,
      sending: sendOtp.isPending,
      change: (value: string) => {
        setPhoneInput(value);
        setPhoneError(null);
        setPhoneFormError(null);
      },
      submit: () => {
        const phone = normalizeUzPhone(phoneInput);
        setPhoneError(phone === null ? t('auth.phoneInvalid') : null);
        setPhoneFormError(null);
        if (phone !== null) requestCode(phone, false);
      },
    },
    code: {
      ...code.field,
      resending: sendOtp.isPending,
      submit: () => {
        if (step.name === 'code') code.verify(step.phone);
      },
      resend: () => {
        if (step.name === 'code') requestCode(step.phone, true);
      },
      changePhone: () => {
        setStep({ name: 'phone' });
        code.clear();
      },
    },
  };
}

/** The code field of the second step, its check and its verification, and the resend wait. */
function useCodeEntry(onCompleting: (value: boolean) => void) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const verifyOtp = useVerifyOtp();
  const countdown = useCountdown();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** A refusal that is not about the code typed (a resend the SMS gateway did not take). */
  const [formError, setFormError] = useState<string | null>(null);

  const clearErrors = () => {
    setError(null);
    setFormError(null);
  };
  const showRefusal = (failure: unknown) => {
    const message = otpErrorMessage(t, failure);
    const onField = refusalPlace(failure, 'code') === 'code';
    setError(onField ? message : null);
    setFormError(onField ? null : message);
  };

  const verify = (phone: string) => {
    const otp = code.trim();
    clearErrors();
    if (!OtpSchema.safeParse(otp).success) {
      setError(t('auth.codeInvalid'));
      return;
    }
    onCompleting(true);
    verifyOtp.mutate(
      { phone, otp },
      {
        onSuccess: () => {
          const next = safeNextPath(params.get('next'));
          void navigate(next ?? buildPath(lang, 'account'), { replace: true });
        },
        onError: (failure) => {
          onCompleting(false);
          showRefusal(failure);
          const wait = burnedCodeWait(failure);
          if (wait !== null) countdown.start(wait);
          if (isApiError(failure) && failure.code !== 'network_error') setCode('');
        },
      },
    );
  };

  return {
    field: {
      value: code,
      error,
      formError,
      verifying: verifyOtp.isPending,
      /** Seconds until another code may be asked for; 0 when it may. */
      resendIn: countdown.remaining,
      // Keep digits only: SMS autofill and pasting bring spaces or dashes along.
      change: (value: string) => {
        setCode(value.replace(/\D/g, '').slice(0, OTP_LENGTH));
        clearErrors();
      },
    },
    verify,
    showRefusal,
    clearErrors,
    waitBeforeResend: countdown.start,
    clear: () => {
      setCode('');
      clearErrors();
    },
  };
}

export type SignIn = ReturnType<typeof useSignIn>;
