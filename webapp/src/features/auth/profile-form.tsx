import { formatUzPhone, ProfileUpdateSchema, type User } from '@shop/shared';
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateProfile } from '../../lib/auth/update-profile';
import { errorMessage } from '../../lib/i18n/error-message';
import { useServices } from '../../lib/services/services-context';

/** Editing the profile: name, surname and email; the phone is shown, as it is the sign-in. */
export function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const { toasts } = useServices();
  const [name, setName] = useState(user.name ?? '');
  const [surname, setSurname] = useState(user.surname ?? '');
  const [email, setEmail] = useState(user.email ?? '');
  const [invalid, setInvalid] = useState<Set<string>>(new Set());

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
      <ProfileField
        label={t('account.name')}
        autoComplete="given-name"
        maxLength={60}
        value={name}
        onChange={setName}
        error={invalid.has('name') ? t('checkout.nameRequired') : null}
      />
      <ProfileField
        label={t('account.surname')}
        autoComplete="family-name"
        maxLength={60}
        value={surname}
        onChange={setSurname}
        error={invalid.has('surname') ? t('checkout.surnameRequired') : null}
      />
      <ProfileField
        label={t('account.email')}
        type="email"
        autoComplete="email"
        maxLength={200}
        value={email}
        onChange={setEmail}
        error={invalid.has('email') ? t('account.emailInvalid') : null}
      />
      <ReadOnlyPhone phone={user.phone} />
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

/** One editable field of the profile, its error under it once the form was sent. */
function ProfileField({
  label,
  type,
  autoComplete,
  maxLength,
  value,
  onChange,
  error,
}: {
  label: string;
  type?: 'email';
  autoComplete: string;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={value}
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The phone, shown but not edited: it is what the shopper signs in with. */
function ReadOnlyPhone({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t('account.phone')}
      </label>
      <input
        id={id}
        className="field__input"
        value={formatUzPhone(phone)}
        readOnly
        aria-describedby={hintId}
      />
      <p id={hintId} className="field__hint muted">
        {t('account.phoneReadOnly')}
      </p>
    </div>
  );
}
