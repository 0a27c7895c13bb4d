// The profile photo on /account: choose a file, see it before it goes, watch it upload, see the
// stored photo after. The server judges the file (its bytes, size and pixels); the only check
// here is the size, so a shopper on a slow connection does not wait to hear the obvious.
import {
  PHOTO_REFUSALS,
  PROFILE_PHOTO_FIELD,
  PROFILE_PHOTO_MAX_BYTES,
  type PhotoRefusal,
  type User,
} from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { errorMessage } from '../../lib/i18n/error-message';
import { useServices } from '../../lib/services/services-context';
import { UserIcon } from '../../lib/ui/icons';

/** What the file picker offers; HEIC by extension too, as some browsers give it no type. */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

function isRefusal(rule: string | undefined): rule is PhotoRefusal {
  return (PHOTO_REFUSALS as readonly string[]).includes(rule ?? '');
}

/** The shopper's words for a refused photo: by the server's reason, else by the error code. */
function photoErrorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    const rule = error.details.find((detail) => detail.field === PROFILE_PHOTO_FIELD)?.rule;
    if (isRefusal(rule)) return t(`account.photo.errors.${rule}`);
    if (error.code === 'unsupported_media_type') return t('account.photo.errors.type');
    if (error.code === 'payload_too_large') return t('account.photo.errors.too_large');
  }
  return errorMessage(t, error);
}

export function ProfilePhoto({ user }: { user: User }) {
  const { t } = useTranslation();
  const { api, auth, toasts } = useServices();
  const inputId = useId();
  const progressId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; previewUrl: string } | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const [progress, setProgress] = useState(0);
  const [localError, setLocalError] = useState<string | null>(null);

  // A preview's object URL lives as long as its file is the chosen one (or the page is open).
  const previewUrl = useRef<string | null>(null);
  const setFile = (file: File | null) => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = file ? URL.createObjectURL(file) : null;
    setPreviewFailed(false);
    setChosen(file && previewUrl.current ? { file, previewUrl: previewUrl.current } : null);
  };
  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );
  const file = chosen?.file ?? null;

  const upload = useMutation({
    mutationKey: ['uploadPhoto'],
    mutationFn: (chosen: File) => {
      const body = new FormData();
      body.append(PROFILE_PHOTO_FIELD, chosen, chosen.name);
      setProgress(0);
      return api.upload('uploadPhoto', {
        body,
        onProgress: (sent) => {
          setProgress(sent);
        },
      });
    },
    onSuccess: (updated) => {
      auth.getState().setUser(updated);
      setFile(null);
      if (input.current) input.current.value = '';
      toasts.getState().show({ kind: 'success', message: t('account.photo.saved') });
    },
  });

  const choose = (chosen: File | undefined) => {
    upload.reset();
    setLocalError(null);
    if (!chosen) {
      setFile(null);
      return;
    }
    if (chosen.size > PROFILE_PHOTO_MAX_BYTES) {
      setFile(null);
      setLocalError(t('account.photo.errors.too_large'));
      if (input.current) input.current.value = '';
      return;
    }
    setFile(chosen);
  };

  const cancel = () => {
    setFile(null);
    upload.reset();
    if (input.current) input.current.value = '';
  };

  const percent = Math.round(progress * 100);
  const error = localError ?? (upload.isError ? photoErrorText(t, upload.error) : null);
  const showPreview = chosen !== null && !previewFailed;

  return (
    <section className="card profile-photo" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="card__title">
        {t('account.photo.title')}
      </h2>
      <div className="profile-photo__row">
        <span className="profile-photo__frame">
          {showPreview ? (
            <img
              src={chosen.previewUrl}
              alt={t('account.photo.preview')}
              className="profile-photo__image"
              data-testid="photo-preview"
              onError={() => {
                // HEIC, say, in a browser that cannot show it: the upload still works.
                setPreviewFailed(true);
              }}
            />
          ) : user.photo ? (
            <img
              src={user.photo}
              alt={t('account.photo.title')}
              className="profile-photo__image"
              data-testid="photo-current"
            />
          ) : (
            <UserIcon size={40} />
          )}
        </span>
        <div className="profile-photo__actions">
          {file === null || upload.isSuccess ? (
            <>
              <label htmlFor={inputId} className="btn btn--secondary profile-photo__choose">
                {user.photo ? t('account.photo.change') : t('account.photo.choose')}
              </label>
              <p className="muted profile-photo__hint">{t('account.photo.hint')}</p>
            </>
          ) : (
            <>
              {previewFailed && (
                <p className="muted profile-photo__hint">{t('account.photo.noPreview')}</p>
              )}
              <div className="profile-photo__buttons">
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={upload.isPending}
                  onClick={() => {
                    upload.mutate(file);
                  }}
                >
                  {t('account.photo.upload')}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={upload.isPending}
                  onClick={cancel}
                >
                  {t('account.photo.cancel')}
                </button>
              </div>
            </>
          )}
          <input
            ref={input}
            id={inputId}
            className="visually-hidden"
            type="file"
            accept={ACCEPT}
            disabled={upload.isPending}
            onChange={(event) => {
              choose(event.target.files?.[0]);
            }}
          />
        </div>
      </div>
      {upload.isPending && (
        <div className="profile-photo__progress">
          <progress
            id={progressId}
            max={100}
            value={percent}
            aria-label={t('account.photo.progress')}
          />
          <label htmlFor={progressId} className="muted" aria-live="polite">
            {t('account.photo.uploading', { percent })}
          </label>
        </div>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
