import { useState } from 'react';
import { errorMessage } from '@/shared/api/client';
import { showToast } from '@/shared/ui/toast';
import { useUploadVoucher } from '../api';
import { validateVoucher } from '../rules';

/**
 * The voucher of a bank transfer (optional): the picked picture is checked (type, size), uploaded at
 * once through upload_voucher, and its path goes with the deposit. A newer pick replaces an older one.
 */
export function useDepositVoucher() {
  const upload = useUploadVoucher();
  const [picked, setPicked] = useState<{ file: File; preview: string } | null>(null);
  const [path, setPath] = useState<string | null>(null);
  const file = picked?.file ?? null;

  const clear = () => {
    setPicked((old) => {
      if (old) URL.revokeObjectURL(old.preview);
      return null;
    });
    setPath(null);
  };

  /** Whether the picture may be sent (type, size); says why not. */
  const accepts = (picked: File) => {
    const problem = validateVoucher(picked);
    if (problem) showToast(problem, 'fail');
    return problem === null;
  };

  /** Takes the picture and starts its upload; returns the address of its preview. */
  const pick = (next: File): string => {
    clear();
    const preview = URL.createObjectURL(next);
    setPicked({ file: next, preview });
    upload.mutate(next, {
      onSuccess: ({ data }) => setPath(data.path),
      onError: (e) => {
        clear();
        showToast(errorMessage(e), 'fail');
      },
    });
    return preview;
  };

  return {
    file,
    /** The address of the picked picture's preview (an object URL), or null. */
    preview: picked?.preview ?? null,
    /** The uploaded voucher's path, once the upload is done. */
    path: file ? path : null,
    uploading: upload.isPending,
    accepts,
    pick,
    remove: clear,
  };
}

export type DepositVoucher = ReturnType<typeof useDepositVoucher>;
