import { useRef, useState } from 'react';
import {
  SUPPORT_IMAGE_FIELD,
  supportImage,
  type SupportConversation,
  type SupportMessage,
} from '@app/contract/support-desk';
import { MSG_VOUCHER_TYPE } from '@app/contract/deposit-method';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES, MSG_IMAGE_TOO_LARGE } from '@app/contract/uploads';
import { upload } from '../api';

export type Sent = { conversation: SupportConversation; message: SupportMessage };

/** A picked image's problem (the deposit vouchers' rules: type, then size), or null. */
export function imageProblem(file: { type: string; size: number }): string | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return MSG_VOUCHER_TYPE;
  if (file.size <= 0 || file.size > IMAGE_UPLOAD_MAX_BYTES) return MSG_IMAGE_TOO_LARGE;
  return null;
}

interface Props {
  token: string;
  onSent: (reply: Sent) => void;
  /** A problem of the file, or the server's refusal ('' clears it). */
  onError: (error: unknown) => void;
}

/** 图片: checked before it goes (type, size), uploaded with its progress, the server's refusal shown. */
export function ImageButton({ token, onSent, onError }: Props) {
  const [progress, setProgress] = useState<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const sendImage = async (file: File | undefined) => {
    if (picker.current) picker.current.value = '';
    if (!file || progress !== null) return;
    const problem = imageProblem(file);
    if (problem) {
      onError(problem);
      return;
    }
    const form = new FormData();
    form.append(SUPPORT_IMAGE_FIELD, file);
    onError('');
    setProgress(0);
    try {
      onSent(await upload(supportImage, form, token, setProgress));
    } catch (e) {
      onError(e);
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <button
        type="button"
        className="sd-icon"
        aria-label="发送图片"
        disabled={progress !== null}
        onClick={() => picker.current?.click()}
      >
        {progress === null ? '图片' : `${progress}%`}
      </button>
      {progress !== null && (
        <span className="sd-progress" role="status">
          图片上传中 {progress}%
        </span>
      )}
      <input
        ref={picker}
        type="file"
        accept={IMAGE_UPLOAD_TYPES.join(',')}
        hidden
        data-testid="image-picker"
        onChange={(e) => void sendImage(e.target.files?.[0])}
      />
    </>
  );
}
