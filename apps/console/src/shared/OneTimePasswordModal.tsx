import { Alert, Button, Modal, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useState } from 'react';

export interface OneTimePassword {
  name: string;
  password: string;
  /** 创建 or 重置: what just happened. */
  title: string;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The one-time password of a new or reset operator, shown this once: closing the dialog forgets it
 * (the server keeps only its hash).
 */
export function OneTimePasswordModal({
  value,
  onClose,
}: {
  value: OneTimePassword | null;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const close = () => {
    setCopied(null);
    onClose();
  };
  return (
    <Modal
      open={value !== null}
      title={value?.title}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={close}>
          我已保存，关闭
        </Button>
      }
    >
      {value && (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Alert
            type="warning"
            showIcon
            title="一次性密码只显示这一次，关闭后无法再次查看"
            description="请通过安全渠道交给该操作员。首次登录时需设置新密码，并用手机验证器绑定动态验证码。"
          />
          <div>
            用户名：<Typography.Text strong>{value.name}</Typography.Text>
          </div>
          <Space>
            <span>一次性密码：</span>
            <Typography.Text code style={{ fontSize: 18 }} data-testid="one-time-password">
              {value.password}
            </Typography.Text>
            <Button
              icon={<CopyOutlined />}
              onClick={() => void copyText(value.password).then((ok) => setCopied(ok ? 'yes' : 'no'))}
            >
              复制
            </Button>
          </Space>
          {copied === 'yes' && <Typography.Text type="success">已复制到剪贴板</Typography.Text>}
          {copied === 'no' && <Typography.Text type="danger">无法复制，请手动选中后复制</Typography.Text>}
        </Space>
      )}
    </Modal>
  );
}
