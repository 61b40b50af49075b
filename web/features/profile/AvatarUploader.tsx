import { useRef, useState, type ChangeEvent } from 'react';
import { ImageUp, LoaderCircle, Trash2 } from 'lucide-react';
import { PROFILE_IMAGE_ACCEPT, PROFILE_IMAGE_FORMATS_TEXT, PROFILE_IMAGE_MAX_BYTES } from '@common/profile/profile';
import type { UserRecord } from '@common/me/user';
import { Avatar } from '../../components/Avatar';
import { secondaryButton } from '../../components/ui';
import { useToast } from '../../components/toasts/toast-context';
import { reportFailure } from '../../lib/report-error';
import { PROFILE_TOASTS, useRemoveProfileImage, useUploadProfileImage } from './api';
import { ErrorText } from '../../components/ErrorText';

const compact = 'px-3 py-1.5';

/** What is wrong with a picked file before sending it, or null; the server checks again from the bytes. */
export function fileProblem(file: File): string | null {
  if (file.type && !file.type.startsWith('image/')) return `That file is not an image. Please choose a ${PROFILE_IMAGE_FORMATS_TEXT} image.`;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'The image is larger than 5 MB. Please choose a smaller one.';
  return null;
}

/**
 * The profile image (or the icon, or the initial) with Upload and Remove. Uploads show
 * their progress and retry on their own (web/lib/upload.ts); a refusal is explained here.
 */
export function AvatarUploader({ user }: { user: UserRecord }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfileImage();
  const remove = useRemoveProfileImage();
  const { toast } = useToast();
  const [percent, setPercent] = useState<number | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;
  const onRetry = ({ delayMs }: { delayMs: number }) => setRetrying(`Connection trouble. Trying again in ${Math.round(delayMs / 1000)} s…`);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be picked again
    if (!file) return;
    setProblem(null);
    const early = fileProblem(file);
    if (early) {
      setProblem(early);
      toast(PROFILE_TOASTS.upload.failure, 'error');
      reportFailure(PROFILE_TOASTS.upload.failure, new Error(early), PROFILE_TOASTS.upload.event);
      return;
    }
    setPercent(0);
    upload.mutate(
      { file, onProgress: ({ loaded, total }) => setPercent(total > 0 ? Math.round((loaded / total) * 100) : 0), onRetry },
      {
        onError: (error) => setProblem(error.message),
        onSettled: () => {
          setPercent(null);
          setRetrying(null);
        },
      },
    );
  };

  const onRemove = () => {
    setProblem(null);
    remove.mutate({ onRetry }, { onError: (error) => setProblem(error.message), onSettled: () => setRetrying(null) });
  };

  return (
    <div className="flex flex-col items-center gap-3 sm:w-44 sm:shrink-0" data-testid="avatar-uploader">
      <div className="relative">
        <Avatar person={user} size="xl" />
        {busy && (
          <span className="absolute inset-0 grid place-items-center rounded-full bg-black/45" aria-hidden>
            <LoaderCircle className="size-8 animate-spin text-white" />
          </span>
        )}
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className={`${secondaryButton} ${compact}`} onClick={() => input.current?.click()} disabled={busy} data-testid="upload-photo">
          <ImageUp aria-hidden className="size-4" />
          {user.profileImage ? 'Change photo' : 'Upload photo'}
        </button>
        {user.profileImage && (
          <button type="button" className={`${secondaryButton} ${compact}`} onClick={onRemove} disabled={busy} data-testid="remove-photo">
            <Trash2 aria-hidden className="size-4" />
            Remove<span className="sr-only"> photo</span>
          </button>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={PROFILE_IMAGE_ACCEPT}
        onChange={onPick}
        className="sr-only"
        tabIndex={-1}
        aria-label="Choose a profile image"
        data-testid="profile-image-input"
      />
      {percent !== null && (
        <div className="w-full max-w-44" data-testid="upload-progress">
          <div
            role="progressbar"
            aria-label="Uploading profile image"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-subtle"
          >
            <div className="h-full rounded-full bg-accent-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-center text-xs text-muted tabular-nums">{percent < 100 ? `Uploading… ${percent}%` : 'Processing…'}</p>
        </div>
      )}
      {retrying && (
        <p className="text-center text-xs text-muted" role="status">
          {retrying}
        </p>
      )}
      {problem && (
        <ErrorText className="max-w-56 text-center" data-testid="avatar-problem">
          {problem}
        </ErrorText>
      )}
      {!problem && percent === null && <p className="max-w-56 text-center text-xs text-muted">{PROFILE_IMAGE_FORMATS_TEXT}, up to 5 MB.</p>}
    </div>
  );
}
