import { buildPath } from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { useLanguage } from '../../lib/i18n/use-language';
import { useAuth, useServices } from '../../lib/services/services-context';
import { PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { CodeStep } from './code-step';
import { PhoneStep } from './phone-step';
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
  if (signIn.step.name === 'code') {
    return (
      <div className="auth">
        <CodeStep phone={signIn.step.phone} code={signIn.code} />
      </div>
    );
  }
  return (
    <div className="auth">
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
