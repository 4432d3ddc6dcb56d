import Popup from 'antd-mobile/es/components/popup';
import { copyText } from '@app/mobile/copy';
import { showToast } from '@/shared/ui/toast';
import { copyMessage, MSG_SAVE_FAILED, MSG_SAVED } from '../rules';
import { posterDataUrl, qrDataUrl, saveDataUrl } from './share';

/** The share sheet of 立即邀请: 复制链接, 保存图片 (poster), 保存二维码, 取消. */
export function ShareSheet({
  open,
  onClose,
  link,
  title,
}: {
  open: boolean;
  onClose: () => void;
  link: string;
  title: string;
}) {
  const run = (action: () => Promise<void>) => {
    onClose();
    void action();
  };
  const copy = async () => {
    const outcome = await copyText(link);
    showToast(copyMessage(outcome), outcome === 'failed' ? 'fail' : 'success');
  };
  const save = (make: () => Promise<string>, fileName: string) => async () => {
    try {
      saveDataUrl(await make(), fileName);
      showToast(MSG_SAVED, 'success');
    } catch {
      showToast(MSG_SAVE_FAILED, 'fail');
    }
  };
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      bodyStyle={{ borderRadius: '12px 12px 0 0', overflow: 'hidden' }}
    >
      <div className="promo-sheet" role="menu" aria-label="分享">
        <button type="button" role="menuitem" onClick={() => run(copy)}>
          复制链接
        </button>
        <button
          type="button"
          role="menuitem"
          onClick={() => run(save(() => posterDataUrl({ title, link }), 'invite-poster.png'))}
        >
          保存图片
        </button>
        <button
          type="button"
          role="menuitem"
          onClick={() => run(save(() => qrDataUrl(link), 'invite-qrcode.png'))}
        >
          保存二维码
        </button>
        <button type="button" role="menuitem" onClick={onClose}>
          取消
        </button>
      </div>
    </Popup>
  );
}
