import {
  consoleCreateBanner,
  consoleUpdateBanner,
  MSG_BANNER_IMAGE,
  SORT_MAX,
  type BannerRow,
} from '@app/contract/console-content';
import { Form, Input, InputNumber } from 'antd';
import { ImageUpload } from '@/shared/ImageUpload';
import { WindowFields } from '@/shared/WindowFields';
import { windowInitial, windowPayload, type WindowValues } from '@/shared/timeWindow';
import { SaveModal } from '@/shared/SaveModal';
import { linkRule } from '../rules';
import { useRowSave } from '../useRowSave';

interface Values extends WindowValues {
  src: string;
  url: string;
  sort: number;
}

/** Adds a banner (`banner` null) or edits one: its picture, where a tap leads and its place. */
export function BannerModal({
  banner,
  open,
  onClose,
}: {
  banner: BannerRow | null;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { busy, save } = useRowSave(
    { create: consoleCreateBanner, update: consoleUpdateBanner },
    banner,
    { added: '轮播图已添加', saved: '轮播图已保存' },
    onClose,
  );
  return (
    <SaveModal
      open={open}
      title={banner ? '编辑轮播图' : '添加轮播图'}
      busy={busy}
      form={form}
      onClose={onClose}
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) =>
          save({ src: v.src, url: (v.url ?? '').trim(), sort: v.sort ?? 0, ...windowPayload(v) })
        }
        initialValues={{ ...(banner ?? { src: '', url: '', sort: 0 }), ...windowInitial(banner) }}
        disabled={busy}
      >
        <Form.Item
          label="图片"
          name="src"
          extra="建议宽高比 2:1（如 750×375），PNG / JPG / GIF / WebP，不超过 2MB。"
          rules={[{ required: true, message: MSG_BANNER_IMAGE }]}
        >
          <ImageUpload width={240} />
        </Form.Item>
        <Form.Item
          label="点击跳转"
          name="url"
          extra="可留空；站内页面如 /activity，站外地址以 https:// 开头。"
          rules={[linkRule]}
        >
          <Input placeholder="/activity 或 https://…" maxLength={500} />
        </Form.Item>
        <Form.Item label="排序" name="sort" extra="数字小的在前。">
          <InputNumber min={0} max={SORT_MAX} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <WindowFields />
      </Form>
    </SaveModal>
  );
}
