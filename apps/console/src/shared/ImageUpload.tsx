import { consoleUploadImage } from '@app/contract/console-uploads';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '@app/contract/uploads';
import { MSG_IMAGE_INVALID, MSG_IMAGE_TOO_LARGE } from '@app/contract/console-uploads';
import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { callApi, errorMessage } from './api';

/** A file's bytes as base64 (what consoleUploadImage carries), read by the browser in one go. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('file not read'));
    reader.readAsDataURL(file);
  });
}

/** Checks a chosen file and uploads it; the address it is served at, or null (the message shown). */
export async function uploadImage(file: File, fail: (msg: string) => void): Promise<string | null> {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) {
    fail(MSG_IMAGE_INVALID);
    return null;
  }
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
    fail(MSG_IMAGE_TOO_LARGE);
    return null;
  }
  try {
    const { url } = await callApi(consoleUploadImage, { data: await fileToBase64(file) });
    return url;
  } catch (err) {
    fail(errorMessage(err));
    return null;
  }
}

interface Props {
  /** The image's address ('' none): a Form.Item's value. */
  value?: string;
  onChange?: (url: string) => void;
  /** The preview's size in pixels (width; height follows the picture). */
  width?: number;
  disabled?: boolean;
}

/** An image field: the picture as it is, and a button that uploads a new one (PNG/JPG/GIF/WebP ≤ 2 MB). */
export function ImageUpload({ value = '', onChange, width = 160, disabled }: Props) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Space align="start" wrap>
      {value ? <Image src={value} width={width} alt="图片预览" /> : null}
      <Upload
        accept={IMAGE_UPLOAD_TYPES.join(',')}
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(file) => {
          setBusy(true);
          void uploadImage(file, (msg) => message.error(msg))
            .then((url) => {
              if (url) onChange?.(url);
            })
            .finally(() => setBusy(false));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>
          {value ? '更换图片' : '上传图片'}
        </Button>
      </Upload>
    </Space>
  );
}
