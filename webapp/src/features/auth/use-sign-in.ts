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
import { burnedCodeWait, otpErrorMessage, resendTooSoonWait } from './otp-error';

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
  const code = useCodeEntry(onCompleting);

  const requestCode = (phone: string, resend: boolean) => {
    sendOtp.mutate(
      { phone, user_type: auth.getState().userType },
      {
        onSuccess: (answer) => {
          setStep({ name: 'code', phone });
          code.setError(null);
          code.waitBeforeResend(answer.resend_after);
          if (resend) toasts.getState().show({ kind: 'info', message: t('auth.codeResent') });
        },
        onError: (error) => {
          const wait = resendTooSoonWait(error);
          if (wait !== null) {
            setStep({ name: 'code', phone });
            code.waitBeforeResend(wait);
          }
          const message = otpErrorMessage(t, error);
          if (resend || wait !== null) code.setError(message);
          else setPhoneError(message);
        },
      },
    );
  };

  return {
    step,
    phone: {
      value: phoneInput,
      error: phoneError,
      sending: sendOtp.isPending,
      change: (value: string) => {
        setPhoneInput(value);
        setPhoneError(null);
      },
      submit: () => {
        const phone = normalizeUzPhone(phoneInput);
        setPhoneError(phone === null ? t('auth.phoneInvalid') : null);
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

  const verify = (phone: string) => {
    const otp = code.trim();
    if (!OtpSchema.safeParse(otp).success) {
      setError(t('auth.codeInvalid'));
      return;
    }
    setError(null);
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
          setError(otpErrorMessage(t, failure));
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
      verifying: verifyOtp.isPending,
      /** Seconds until another code may be asked for; 0 when it may. */
      resendIn: countdown.remaining,
      // Keep digits only: SMS autofill and pasting bring spaces or dashes along.
      change: (value: string) => {
        setCode(value.replace(/\D/g, '').slice(0, OTP_LENGTH));
        setError(null);
      },
    },
    verify,
    setError,
    waitBeforeResend: countdown.start,
    clear: () => {
      setCode('');
      setError(null);
    },
  };
}

export type SignIn = ReturnType<typeof useSignIn>;
