import { buildPath, formatUzPhone, type User } from '@shop/shared';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../lib/router';
import { useLanguage } from '../../lib/i18n/use-language';
import { SIGN_OUT_ON_ARRIVAL } from '../../lib/auth/sign-out-on-arrival';
import { useAuth } from '../../lib/services/services-context';
import { ChevronRightIcon, UserIcon } from '../../lib/ui/icons';
import { ImageOrPlaceholder } from '../../lib/ui/image-or-placeholder';
import { PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { ProfileForm } from './profile-form';
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
  useDocumentTitle(t('account.title'));

  return (
    <div className="account">
      <PageTitle>{t('account.title')}</PageTitle>
      <ProfileSummary user={user} />

      {user && <AccountType user={user} />}

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

      <LogOutButton />
    </div>
  );
}

/** The photo (or a silhouette), the full name, the phone and the email, as the shop knows them. */
function ProfileSummary({ user }: { user: User | null }) {
  const { t } = useTranslation();
  const fullName = [user?.name, user?.surname].filter(Boolean).join(' ');
  return (
    <section className="card profile" aria-label={t('account.profile')}>
      <span className="profile__avatar" aria-hidden="true">
        {user?.photo ? (
          <ImageOrPlaceholder
            placeholder={<UserIcon size={28} />}
            src={user.photo}
            alt=""
            width={56}
            height={56}
          />
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
  );
}

/** Individual or legal entity; a legal entity is told that support changes the type. */
function AccountType({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
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
  );
}

/** "Log out": disabled once pressed, while home loads. */
function LogOutButton() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  return (
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
  );
}
