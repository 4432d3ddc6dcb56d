import { consoleSupportReply } from '@app/contract/console-support';
import { MSG_IMAGE_INVALID, MSG_IMAGE_TOO_LARGE } from '@app/contract/console-uploads';
import { IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '@app/contract/uploads';
import { PictureOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Select, Space, Upload } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api';
import { fileToBase64 } from '@/shared/ImageUpload';
import { supportCannedQuery, useSupportAction } from '../api';
import { addMessage } from './deskFrames';
import { useTypingSender } from './useTypingSender';

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

/** 发送图片: picks a file, handed on as it is (not uploaded by the Upload itself). */
function ImageButton({ disabled, onFile }: { disabled: boolean; onFile: (file: File) => void }) {
  return (
    <Upload
      accept={IMAGE_UPLOAD_TYPES.join(',')}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        onFile(file);
        return false;
      }}
    >
      <Button icon={<PictureOutlined />} disabled={disabled}>
        发送图片
      </Button>
    </Upload>
  );
}

/**
 * The reply box: Enter sends, Shift+Enter is a new line; off while sending; the text kept when the
 * server refuses it (its message shown above). Images: PNG/JPG/GIF/WebP ≤ 2 MB, checked again by the
 * server's bytes. Typing marks go to the member over the desk's socket; the sent message shows from
 * the reply at once (the socket brings it too: kept by id).
 */
export function ReplyBox({ id }: { id: number }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const queryClient = useQueryClient();
  const reply = useSupportAction(consoleSupportReply, (data) => addMessage(queryClient, id, data.message));
  const typing = useTypingSender(id);
  const busy = reply.isPending;

  const send = (input: { text: string } | { image: string }) => {
    setProblem('');
    typing.stopped();
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
        onChange={(e) => {
          setText(e.target.value);
          typing.typed();
        }}
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
          <CannedPicker
            disabled={busy}
            onPick={(body) => {
              setText((t) => (t ? `${t}${body}` : body));
              typing.typed();
            }}
          />
          <ImageButton disabled={busy} onFile={(file) => void sendImage(file)} />
        </Space>
        <Button type="primary" icon={<SendOutlined />} loading={busy} onClick={sendText}>
          发送
        </Button>
      </div>
    </div>
  );
}
