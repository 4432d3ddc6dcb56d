import ImageUploader, { type ImageUploadItem } from 'antd-mobile/es/components/image-uploader';
import { useState } from 'react';
import { registerAntdRender } from '@app/mobile/antd-render';

registerAntdRender();

/**
 * 微信收款码: antd-mobile's upload tile with a preview of the chosen picture (tap to enlarge, × to
 * remove). Nothing is uploaded here: the file goes with the withdrawal itself.
 */
export function WechatQrUpload({
  file,
  onChange,
}: {
  file: File | null;
  onChange: (f: File | null) => void;
}) {
  // The preview of the file picked here; a file cleared by the form (after a withdrawal) shows none.
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const url = preview && preview.file === file ? preview.url : null;
  const show = (next: File | null) => {
    if (preview) URL.revokeObjectURL(preview.url);
    setPreview(next ? { file: next, url: URL.createObjectURL(next) } : null);
    onChange(next);
  };
  const items: ImageUploadItem[] = url ? [{ key: 'qr', url }] : [];
  return (
    <div className="wallet-field">
      <span className="wallet-field-label" id="wechat-qr-label">
        微信收款码
      </span>
      <div aria-labelledby="wechat-qr-label" role="group" className="wallet-upload">
        <ImageUploader
          accept="image/*"
          maxCount={1}
          value={items}
          onChange={(list) => {
            if (list.length === 0) show(null);
          }}
          upload={async (picked) => {
            show(picked);
            return { key: 'qr', url: '' };
          }}
        >
          <span className="wallet-upload-tile">
            <span aria-hidden="true" className="wallet-upload-plus">
              +
            </span>
            上传收款码
          </span>
        </ImageUploader>
        <span className="wallet-muted">请上传清晰的微信收款二维码图片</span>
      </div>
    </div>
  );
}
