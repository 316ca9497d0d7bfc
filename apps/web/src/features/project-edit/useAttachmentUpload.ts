import { tenancyBounds, tenancyErrors } from '@olo/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../forms/errorText.ts';
import { type AttachmentOwner, uploadAttachment } from './uploadAttachment.ts';

/**
 * A file input's upload as an attachment of `owner`: the file checked first as the server checks it (type, size),
 * then sent and its id given to `onUploaded`; a failure of either shown translated in `error`. Pass `resetRef` to the
 * Mantine FileInput: it is emptied after each choice, so that choosing the same file again uploads it again.
 */
export function useAttachmentUpload(
  owner: AttachmentOwner,
  acceptedTypes: readonly string[],
  onUploaded: (attachmentId: string) => unknown,
) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const resetRef = useRef<() => void>(null);

  const upload = async (file: File | null) => {
    setError(null);
    if (!file) return;
    const refused = !acceptedTypes.includes(file.type)
      ? tenancyErrors.attachmentType
      : file.size > tenancyBounds.attachmentMaxBytes
        ? tenancyErrors.attachmentTooLarge
        : null;
    if (refused) {
      resetRef.current?.();
      setError(t(refused));
      return;
    }
    setUploading(true);
    try {
      await onUploaded(await uploadAttachment(owner, file));
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setUploading(false);
      resetRef.current?.();
    }
  };

  /** Shows a failure of what else the field does (removing its file, say) where its upload errors go. */
  const showError = (failure: unknown) => setError(errorText(failure, t));

  return { upload, uploading, error, setError, showError, resetRef };
}
