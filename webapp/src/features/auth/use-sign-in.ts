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
import { isPhoneLocked, otpErrorMessage } from './otp-error';

type Step = { name: 'phone' } | { name: 'code'; phone: string };

/**
 * The sign-in flow's state: the phone step, then the code step with "Send again" once the
 * server's wait has run out. A verified code leads to `?next=` (when it is ours) or the account.
 * `onCompleting` says when a verification is under way, so the page keeps the flow on screen.
 */
export function useSignIn(onCompleting: (value: boolean) => void) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { auth, toasts } = useServices();
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const countdown = useCountdown();

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

  const submitPhone = () => {
    const phone = normalizeUzPhone(phoneInput);
    if (phone === null) {
      setPhoneError(t('auth.phoneInvalid'));
      return;
    }
    setPhoneError(null);
    requestCode(phone, false);
  };

  const submitCode = () => {
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
      submit: submitPhone,
    },
    code: {
      value: code,
      error: codeError,
      verifying: verifyOtp.isPending,
      resending: sendOtp.isPending,
      /** Seconds until another code may be asked for; 0 when it may. */
      resendIn: countdown.remaining,
      // Keep digits only: SMS autofill and pasting bring spaces or dashes along.
      change: (value: string) => {
        setCode(value.replace(/\D/g, '').slice(0, OTP_LENGTH));
        setCodeError(null);
      },
      submit: submitCode,
      resend: () => {
        if (step.name === 'code') requestCode(step.phone, true);
      },
      changePhone: () => {
        setStep({ name: 'phone' });
        setCode('');
        setCodeError(null);
      },
    },
  };
}

export type SignIn = ReturnType<typeof useSignIn>;
