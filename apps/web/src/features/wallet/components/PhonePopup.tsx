import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { ApiError } from '@/shared/api/client';
import { showToast } from '@/shared/ui/toast';
import { useBindMobile } from '../api';
import { MSG_PHONE_BOUND, validatePhone } from '../rules';

const MSG_BIND_FAILED = '绑定失败';
const MSG_BIND_NETWORK = '网络错误，请重试';

/** Phone binding before a withdrawal: 11 digits at most, 确认 only with 11; `onBound` after success. */
export function PhonePopup({
  visible,
  onClose,
  onBound,
}: {
  visible: boolean;
  onClose: () => void;
  onBound: () => void;
}) {
  const bind = useBindMobile();
  const [mobile, setMobile] = useState('');
  const confirm = () => {
    const message = validatePhone(mobile);
    if (message) {
      showToast(message, 'fail');
      return;
    }
    bind.mutate(mobile.trim(), {
      onSuccess: () => {
        showToast(MSG_PHONE_BOUND, 'success');
        setMobile('');
        onBound();
      },
      onError: (e) =>
        showToast(
          e instanceof ApiError && e.kind !== 'network' && e.kind !== 'timeout'
            ? e.message || MSG_BIND_FAILED
            : MSG_BIND_NETWORK,
          'fail',
        ),
    });
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} bodyStyle={{ borderRadius: '12px 12px 0 0' }}>
      <div className="wallet-screen" role="dialog" aria-label="绑定手机号">
        <h2 className="wallet-card-title">绑定手机号</h2>
        <p className="wallet-muted">为了您的资金安全，取款前请先绑定手机号</p>
        <input
          className="wallet-input"
          style={{ flex: 'none' }}
          inputMode="numeric"
          placeholder="请输入手机号"
          aria-label="手机号"
          maxLength={11}
          value={mobile}
          onChange={(e) => setMobile(e.target.value.slice(0, 11))}
        />
        <div className="wallet-filters">
          <button type="button" className="wallet-submit secondary" style={{ flex: 1 }} onClick={onClose}>
            取消
          </button>
          <button
            type="button"
            className="wallet-submit"
            style={{ flex: 1 }}
            disabled={mobile.length !== 11 || bind.isPending}
            aria-busy={bind.isPending}
            onClick={confirm}
          >
            确认绑定
          </button>
        </div>
      </div>
    </Popup>
  );
}
