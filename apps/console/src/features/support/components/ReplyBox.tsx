import { consoleSupportReply } from '@app/contract/console-support';
import { MSG_IMAGE_INVALID, MSG_IMAGE_TOO_LARGE } from '@app/contract/console-uploads';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '@app/contract/uploads';
import { PictureOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Select, Space, Upload } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api';
import { fileToBase64 } from '@/shared/ImageUpload';
import { supportCannedQuery, useSupportAction } from '../api';

/** 快捷回复: pick one by its title (search as you type); its text goes into the reply box. */
function CannedPicker({ onPick, disabled }: { onPick: (body: string) => void; disabled: boolean }) {
  const canned = useQuery(supportCannedQuery);
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="快捷回复"
      style={{ width: 180 }}
      value={null}
      disabled={disabled}
      loading={canned.isPending}
      notFoundContent={canned.isError ? '快捷回复加载失败' : '暂无快捷回复'}
      options={(canned.data?.items ?? []).map((c) => ({ value: c.id, label: c.title, body: c.body }))}
      onSelect={(_v, option) => onPick(option.body)}
      aria-label="快捷回复"
    />
  );
}

/**
 * The reply box: Enter sends, Shift+Enter is a new line; off while sending; the text kept when the
 * server refuses it (its message shown above). Images: PNG/JPG/GIF/WebP ≤ 2 MB, checked again by the
 * server's bytes.
 */
export function ReplyBox({ id }: { id: number }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const reply = useSupportAction(consoleSupportReply);
  const busy = reply.isPending;

  const send = (input: { text: string } | { image: string }) => {
    setProblem('');
    reply.mutate(
      { id, ...input },
      {
        onSuccess: () => {
          if ('text' in input) setText('');
        },
        onError: (err) => setProblem(errorMessage(err)),
      },
    );
  };
  const sendText = () => {
    if (!text.trim()) {
      setProblem('请输入回复内容');
      return;
    }
    send({ text });
  };
  const sendImage = async (file: File) => {
    if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return setProblem(MSG_IMAGE_INVALID);
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) return setProblem(MSG_IMAGE_TOO_LARGE);
    send({ image: await fileToBase64(file) });
  };

  return (
    <div className="support-reply">
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 8 }} />}
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={busy}
        autoSize={{ minRows: 3, maxRows: 6 }}
        maxLength={500}
        showCount
        placeholder="输入回复，Enter 发送，Shift+Enter 换行"
        aria-label="回复内容"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            if (!busy) sendText();
          }
        }}
      />
      <div className="support-reply-tools">
        <Space wrap>
          <CannedPicker disabled={busy} onPick={(body) => setText((t) => (t ? `${t}${body}` : body))} />
          <Upload
            accept={IMAGE_UPLOAD_TYPES.join(',')}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void sendImage(file);
              return false;
            }}
          >
            <Button icon={<PictureOutlined />} disabled={busy}>
              发送图片
            </Button>
          </Upload>
        </Space>
        <Button type="primary" icon={<SendOutlined />} loading={busy} onClick={sendText}>
          发送
        </Button>
      </div>
    </div>
  );
}
