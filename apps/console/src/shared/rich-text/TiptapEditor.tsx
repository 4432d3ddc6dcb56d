import {
  BoldOutlined,
  ItalicOutlined,
  LoadingOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Input, Modal, Space, Tooltip, Upload } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { IMAGE_UPLOAD_TYPES } from '@app/contract/uploads';
import { uploadImage } from '../ImageUpload';

export interface RichTextProps {
  /** HTML (a Form.Item's value). */
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  /** The editing area's least height in pixels. */
  minHeight?: number;
}

/** An empty editor's HTML: stored as ''. */
const EMPTY = '<p></p>';

function ToolButton(props: { title: string; icon: ReactNode; active?: boolean; onClick: () => void }) {
  return (
    <Tooltip title={props.title}>
      <Button
        size="small"
        type={props.active ? 'primary' : 'text'}
        icon={props.icon}
        aria-label={props.title}
        aria-pressed={props.active ?? false}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

/** Sets or removes the link of the selection, in a small dialog. */
function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const chain = () => editor.chain().focus();
  return (
    <>
      <ToolButton
        title="链接"
        icon={<LinkOutlined />}
        active={active}
        onClick={() => {
          setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
          setLinkOpen(true);
        }}
      />
      <Modal
        title="链接地址"
        open={linkOpen}
        okText="确定"
        cancelText="取消"
        onCancel={() => setLinkOpen(false)}
        onOk={() => {
          const url = href.trim();
          if (url === '' || url === 'https://') chain().extendMarkRange('link').unsetLink().run();
          else chain().extendMarkRange('link').setLink({ href: url }).run();
          setLinkOpen(false);
        }}
      >
        <Input value={href} onChange={(e) => setHref(e.target.value)} placeholder="https://… 或 /promo" />
      </Modal>
    </>
  );
}

/** Uploads a picture and inserts it where the cursor is. */
function ImageButton({ editor }: { editor: Editor }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const chain = () => editor.chain().focus();
  return (
    <Upload
      accept={IMAGE_UPLOAD_TYPES.join(',')}
      showUploadList={false}
      disabled={busy}
      beforeUpload={(file) => {
        setBusy(true);
        void uploadImage(file, (msg) => message.error(msg))
          .then((src) => {
            if (src) chain().setImage({ src, alt: '' }).run();
          })
          .finally(() => setBusy(false));
        return false;
      }}
    >
      <ToolButton
        title={busy ? '图片上传中' : '插入图片'}
        icon={busy ? <LoadingOutlined /> : <PictureOutlined />}
        onClick={() => undefined}
      />
    </Upload>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Space size={2} wrap className="rich-text-toolbar">
      <ToolButton
        title="加粗"
        icon={<BoldOutlined />}
        active={state.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        title="斜体"
        icon={<ItalicOutlined />}
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        title="下划线"
        icon={<UnderlineOutlined />}
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      <ToolButton
        title="删除线"
        icon={<StrikethroughOutlined />}
        active={state.strike}
        onClick={() => chain().toggleStrike().run()}
      />
      <ToolButton
        title="标题"
        icon={<b>H2</b>}
        active={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      />
      <ToolButton
        title="小标题"
        icon={<b>H3</b>}
        active={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      />
      <ToolButton
        title="无序列表"
        icon={<UnorderedListOutlined />}
        active={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        title="有序列表"
        icon={<OrderedListOutlined />}
        active={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <LinkButton editor={editor} active={state.link} />
      <ImageButton editor={editor} />
    </Space>
  );
}

/** The placeholder over an empty editor (tiptap's own needs a package the console does not list). */
function Placeholder({ editor, text }: { editor: Editor; text: string | undefined }) {
  const empty = useEditorState({ editor, selector: ({ editor: e }) => e.isEmpty });
  if (!text || !empty) return null;
  return (
    <div
      aria-hidden
      className="rich-text-placeholder"
      style={{
        position: 'absolute',
        inset: '8px 12px auto',
        color: 'rgba(0, 0, 0, 0.25)',
        pointerEvents: 'none',
      }}
    >
      {text}
    </div>
  );
}

/** The tiptap editor of RichTextEditor (loaded on demand). */
export default function TiptapEditor({ value = '', onChange, placeholder, minHeight = 200 }: RichTextProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false } }), Image],
    content: value,
    editorProps: {
      attributes: { 'aria-label': placeholder ?? '正文', role: 'textbox', 'aria-multiline': 'true' },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      onChange?.(html === EMPTY ? '' : html);
    },
  });
  // A new value from outside (the form reset or loaded another item): shown without a loop.
  useEffect(() => {
    // A destroyed editor (its replacement is on the way) has no schema to read from.
    if (!editor || editor.isDestroyed) return;
    const current = editor.getHTML();
    if (value !== current && !(value === '' && current === EMPTY)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  if (!editor) return null;
  return (
    <div className="rich-text">
      <Toolbar editor={editor} />
      <div style={{ position: 'relative' }}>
        <Placeholder editor={editor} text={placeholder} />
        <EditorContent editor={editor} className="rich-text-body" style={{ minHeight }} />
      </div>
    </div>
  );
}
