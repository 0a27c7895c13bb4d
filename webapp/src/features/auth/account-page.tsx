import { buildPath, formatUzPhone, ProfileUpdateSchema, type User } from '@shop/shared';
import { useId, useState, type ComponentType, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../lib/router';
import { errorMessage } from '../../lib/i18n/error-message';
import { useLanguage } from '../../lib/i18n/use-language';
import { useUpdateProfile } from '../../lib/auth/update-profile';
import { SIGN_OUT_ON_ARRIVAL } from '../../lib/auth/sign-out-on-arrival';
import { useAuth, useServices } from '../../lib/services/services-context';
import { ChevronRightIcon, UserIcon } from '../../lib/ui/icons';
import { PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { ProfilePhoto } from './profile-photo';
import { TelegramUpdates } from './telegram-updates';
import './auth.css';
import './profile-photo.css';

/**
 * Profile (name, surname, email editable; phone and account type shown), the photo, order updates
 * in Telegram, the saved payment cards, the orders and "Log out". The cards' list belongs to the
 * cards feature, which this one may not import: the app's route (app/routes/) passes it in.
 */
export function AccountPage({
  SavedCardList,
}: {
  SavedCardList: ComponentType<{ defaultPhone: string }>;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const user = useAuth((state) => state.user);
  const [editing, setEditing] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();
  useDocumentTitle(t('account.title'));

  const fullName = [user?.name, user?.surname].filter(Boolean).join(' ');
  return (
    <div className="account">
      <PageTitle>{t('account.title')}</PageTitle>
      <section className="card profile" aria-label={t('account.profile')}>
        <span className="profile__avatar" aria-hidden="true">
          {user?.photo ? (
            <img src={user.photo} alt="" width={56} height={56} />
          ) : (
            <UserIcon size={28} />
          )}
        </span>
        <div className="profile__text">
          <p className="profile__name">{fullName || t('account.noName')}</p>
          {user && <p className="muted">{formatUzPhone(user.phone)}</p>}
          {user?.email && <p className="muted">{user.email}</p>}
        </div>
      </section>

      {user && (
        <section className="card" aria-labelledby="account-type-title">
          <dl className="profile__details">
            <div>
              <dt id="account-type-title">{t('account.accountType')}</dt>
              <dd className="profile__type-value">
                {user.user_type === 'legal' ? t('account.legal') : t('account.individual')}
              </dd>
            </div>
          </dl>
          {user.user_type === 'legal' && (
            <p className="auth__legal profile__legal-note">{t('auth.contactSupport')}</p>
          )}
        </section>
      )}

      {user && <ProfilePhoto user={user} />}

      {user && editing ? (
        <ProfileForm
          user={user}
          onDone={() => {
            setEditing(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="btn btn--secondary btn--block"
          onClick={() => {
            setEditing(true);
          }}
          disabled={!user}
        >
          {t('account.edit')}
        </button>
      )}

      <TelegramUpdates />

      <section className="card account-cards" aria-labelledby="account-cards-title">
        <h2 id="account-cards-title" className="card__title">
          {t('account.cards')}
        </h2>
        <SavedCardList defaultPhone={user ? formatUzPhone(user.phone) : ''} />
      </section>

      <nav className="card link-list" aria-label={t('account.title')}>
        <Link className="link-list__item" to={buildPath(lang, 'orders')}>
          {t('account.myOrders')}
          <ChevronRightIcon size={18} />
        </Link>
      </nav>

      <button
        type="button"
        className="btn btn--danger btn--block"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          // Home first, signed out once it is shown (see sign-out-on-arrival.ts).
          void navigate(buildPath(lang, 'home'), { state: SIGN_OUT_ON_ARRIVAL });
        }}
      >
        {t('auth.logout')}
      </button>
    </div>
  );
}

function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const { toasts } = useServices();
  const [name, setName] = useState(user.name ?? '');
  const [surname, setSurname] = useState(user.surname ?? '');
  const [email, setEmail] = useState(user.email ?? '');
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const nameId = useId();
  const surnameId = useId();
  const emailId = useId();
  const phoneId = useId();
  const phoneHintId = useId();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { name, surname, email: email.trim() === '' ? null : email };
    const parsed = ProfileUpdateSchema.safeParse(body);
    if (!parsed.success) {
      setInvalid(new Set(parsed.error.issues.map((issue) => String(issue.path[0]))));
      return;
    }
    setInvalid(new Set());
    update.mutate(body, {
      onSuccess: () => {
        toasts.getState().show({ kind: 'success', message: t('common.saved') });
        onDone();
      },
    });
  };

  return (
    <form className="card form" noValidate onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor={nameId}>
          {t('account.name')}
        </label>
        <input
          id={nameId}
          className="field__input"
          autoComplete="given-name"
          maxLength={60}
          value={name}
          aria-invalid={invalid.has('name')}
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
        {invalid.has('name') && (
          <p className="field__error" role="alert">
            {t('checkout.nameRequired')}
          </p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={surnameId}>
          {t('account.surname')}
        </label>
        <input
          id={surnameId}
          className="field__input"
          autoComplete="family-name"
          maxLength={60}
          value={surname}
          aria-invalid={invalid.has('surname')}
          onChange={(event) => {
            setSurname(event.target.value);
          }}
        />
        {invalid.has('surname') && (
          <p className="field__error" role="alert">
            {t('checkout.surnameRequired')}
          </p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={emailId}>
          {t('account.email')}
        </label>
        <input
          id={emailId}
          className="field__input"
          type="email"
          autoComplete="email"
          maxLength={200}
          value={email}
          aria-invalid={invalid.has('email')}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
        />
        {invalid.has('email') && (
          <p className="field__error" role="alert">
            {t('errors.codes.validation_error')}
          </p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={phoneId}>
          {t('account.phone')}
        </label>
        <input
          id={phoneId}
          className="field__input"
          value={formatUzPhone(user.phone)}
          readOnly
          aria-describedby={phoneHintId}
        />
        <p id={phoneHintId} className="field__hint muted">
          {t('account.phoneReadOnly')}
        </p>
      </div>
      {update.isError && (
        <p className="field__error" role="alert">
          {errorMessage(t, update.error)}
        </p>
      )}
      <div className="form__actions">
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {t('common.back')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={update.isPending}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
