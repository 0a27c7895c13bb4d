import {
  PHOTO_REFUSALS,
  PROFILE_PHOTO_FIELD,
  PROFILE_PHOTO_MAX_BYTES,
  type PhotoRefusal,
} from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error';
import { errorMessage } from '../../lib/i18n/error-message';
import { useServices } from '../../lib/services/services-context';

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

/**
 * The chosen photo and its upload: the file with its preview's object URL (revoked when another
 * is chosen or the page goes), the size check, the upload's progress (0..1), the stored user.
 * `clearInput` empties the file input once its file is done with.
 */
export function usePhotoUpload(clearInput: () => void) {
  const { t } = useTranslation();
  const { api, auth, toasts } = useServices();
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
  const upload = useMutation({
    mutationKey: ['uploadPhoto'],
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append(PROFILE_PHOTO_FIELD, file, file.name);
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
      clearInput();
      toasts.getState().show({ kind: 'success', message: t('account.photo.saved') });
    },
  });

  const choose = (file: File | undefined) => {
    upload.reset();
    setLocalError(null);
    if (!file) {
      setFile(null);
      return;
    }
    if (file.size > PROFILE_PHOTO_MAX_BYTES) {
      setFile(null);
      setLocalError(t('account.photo.errors.too_large'));
      clearInput();
      return;
    }
    setFile(file);
  };

  return {
    chosen,
    upload,
    /** The browser cannot show the chosen file (HEIC, say): the upload still works. */
    previewFailed,
    onPreviewFailed: () => {
      setPreviewFailed(true);
    },
    percent: Math.round(progress * 100),
    error: localError ?? (upload.isError ? photoErrorText(t, upload.error) : null),
    choose,
    cancel: () => {
      setFile(null);
      upload.reset();
      clearInput();
    },
  };
}
