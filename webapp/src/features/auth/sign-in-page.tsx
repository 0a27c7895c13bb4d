import { buildPath } from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { telegramPhoneSignInOffered } from '../../lib/config/shop-config';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { useIsTelegram } from '../../lib/telegram';
import { safeNextPath } from '../../lib/utils/safe-next';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAuth, useServices } from '../../lib/services/services-context';
import { PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { CodeStep } from './code-step';
import { PhoneStep } from './phone-step';
import { TelegramPhoneStep } from './telegram-phone-step';
import { useSignIn } from './use-sign-in';
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

function SignInFlow({ onCompleting }: { onCompleting: (value: boolean) => void }) {
  const signIn = useSignIn(onCompleting);
  const isTelegram = useIsTelegram();
  const navigate = useNavigate();
  const lang = useLanguage();
  const [params] = useSearchParams();
  // Inside Telegram, where the server can take the phone Telegram knows, that comes first.
  const [share, setShare] = useState<{ offered: boolean; reason: string | null }>(() => ({
    offered: isTelegram && telegramPhoneSignInOffered(),
    reason: null,
  }));
  if (share.offered) {
    return (
      <div className="auth">
        <TelegramPhoneStep
          onDone={(outcome) => {
            if (outcome.kind === 'use_sms') {
              setShare({ offered: false, reason: outcome.reason });
              return;
            }
            const next = safeNextPath(params.get('next'));
            void navigate(next ?? buildPath(lang, 'account'), { replace: true });
          }}
          onUseSms={() => {
            setShare({ offered: false, reason: null });
          }}
          onCompleting={onCompleting}
        />
        <LegalNote />
      </div>
    );
  }
  if (signIn.step.name === 'code') {
    return (
      <div className="auth">
        <CodeStep phone={signIn.step.phone} code={signIn.code} />
      </div>
    );
  }
  return (
    <div className="auth">
      {share.reason && (
        <p className="notice notice--info auth__notice" role="status">
          {share.reason}
        </p>
      )}
      <PhoneStep phone={signIn.phone} />
      <LegalNote />
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
