// The profile photo on /account: choose a file, see it before it goes, watch it upload, see the
// stored photo after. The server judges the file (its bytes, size and pixels); the only check
// here is the size, so a shopper on a slow connection does not wait to hear the obvious.
import type { User } from '@shop/shared';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UserIcon } from '../../lib/ui/icons';
import { usePhotoUpload } from './use-photo-upload';

/** What the file picker offers: what every server reads. HEIC is left out (sharp's prebuilt
 * libvips cannot decode it), which also makes iOS hand over a JPEG of an iPhone photo. */
const ACCEPT = 'image/jpeg,image/png,image/webp';

type PhotoUpload = ReturnType<typeof usePhotoUpload>;

export function ProfilePhoto({ user }: { user: User }) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const photo = usePhotoUpload(() => {
    if (input.current) input.current.value = '';
  });
  const { chosen, upload, percent, error } = photo;
  const file = chosen?.file ?? null;

  return (
    <section className="card profile-photo" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="card__title">
        {t('account.photo.title')}
      </h2>
      <div className="profile-photo__row">
        <PhotoFrame user={user} photo={photo} />
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
              {photo.previewFailed && (
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
                  onClick={photo.cancel}
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
              photo.choose(event.target.files?.[0]);
            }}
          />
        </div>
      </div>
      {upload.isPending && <UploadProgress percent={percent} />}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** The chosen file before it goes, else the stored photo, else a silhouette. */
function PhotoFrame({ user, photo }: { user: User; photo: PhotoUpload }) {
  const { t } = useTranslation();
  return (
    <span className="profile-photo__frame">
      {photo.chosen !== null && !photo.previewFailed ? (
        <img
          src={photo.chosen.previewUrl}
          alt={t('account.photo.preview')}
          className="profile-photo__image"
          data-testid="photo-preview"
          onError={photo.onPreviewFailed}
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
  );
}

/** The upload's bar, its percent read out as it grows. */
function UploadProgress({ percent }: { percent: number }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="profile-photo__progress">
      <progress id={id} max={100} value={percent} aria-label={t('account.photo.progress')} />
      <label htmlFor={id} className="muted" aria-live="polite">
        {t('account.photo.uploading', { percent })}
      </label>
    </div>
  );
}
