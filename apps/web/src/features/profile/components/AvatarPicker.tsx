import { useId, type ChangeEvent } from 'react';
import { ApiError, assetUrl } from '@/shared/api/client';
import { UserIcon } from '@/shared/ui/icons';
import { showToast } from '@/shared/ui/toast';
import { useUploadAvatar } from '../api';
import { AVATAR_ACCEPT, MSG_UPLOAD_FAILED, validateAvatar } from '../rules';

/** The server's refusal when it gave one (wrong type, too large), else 上传失败 (spec §8). */
function uploadError(error: unknown): string {
  return error instanceof ApiError && error.kind === 'business' ? error.message : MSG_UPLOAD_FAILED;
}

/** The member's avatar; a tap opens the file picker (gif/png), the picture is uploaded at once. */
export function AvatarPicker({ avatar, className = '' }: { avatar: string; className?: string }) {
  const upload = useUploadAvatar();
  const id = useId();

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file may be picked again
    if (!file) return;
    const problem = validateAvatar(file);
    if (problem) {
      showToast(problem, 'fail');
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ message }) => showToast(message || '上传成功', 'success'),
      onError: (error) => showToast(uploadError(error), 'fail'),
    });
  };

  return (
    <label className={`avatar-picker ${className}`} htmlFor={id} aria-busy={upload.isPending}>
      {avatar ? (
        <img className="avatar-img" src={assetUrl(avatar)} alt="头像" data-testid="avatar" />
      ) : (
        <span className="avatar-img avatar-empty" data-testid="avatar">
          <UserIcon />
        </span>
      )}
      <span className="avatar-edit">{upload.isPending ? '上传中…' : '更换'}</span>
      <input
        id={id}
        type="file"
        accept={AVATAR_ACCEPT}
        className="visually-hidden"
        aria-label="上传头像"
        disabled={upload.isPending}
        onChange={onChange}
      />
    </label>
  );
}
