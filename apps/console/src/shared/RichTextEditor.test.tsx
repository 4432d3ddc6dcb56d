import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@test/render';
import { RichTextEditor } from './RichTextEditor';

function Field({ initial, onChange }: { initial: string; onChange: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        value={value}
        placeholder="公告内容"
        onChange={(html) => {
          setValue(html);
          onChange(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>外部内容</p>')}>
        载入
      </button>
    </>
  );
}

// jsdom has no layout: ProseMirror asks for the element under a click.
beforeAll(() => {
  document.elementFromPoint ??= () => null;
  const noRects = () => [] as unknown as DOMRectList;
  Range.prototype.getClientRects ??= noRects;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

describe('RichTextEditor', () => {
  it('shows its value and a new value from outside without answering it back', async () => {
    const changed = vi.fn();
    renderScreen(<Field initial="<p>你好</p>" onChange={changed} />);
    const box = await screen.findByRole('textbox', { name: '公告内容' }, { timeout: 15_000 });
    expect(box).toHaveTextContent('你好');
    expect(screen.queryByText('公告内容', { selector: '.rich-text-placeholder' })).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: '载入' }));
    await waitFor(() => expect(box).toHaveTextContent('外部内容'));
    expect(changed).not.toHaveBeenCalled();
  }, 40_000);

  it('shows the placeholder when empty, answers "" for an emptied editor and HTML as one types', async () => {
    const changed = vi.fn();
    renderScreen(<Field initial="<p>a</p>" onChange={changed} />);
    const box = await screen.findByRole('textbox', { name: '公告内容' });
    const user = userEvent.setup({ delay: null });
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(changed).toHaveBeenLastCalledWith(''));
    expect(await screen.findByText('公告内容', { selector: '.rich-text-placeholder' })).toBeInTheDocument();
    await user.keyboard('好');
    await waitFor(() => expect(changed).toHaveBeenLastCalledWith('<p>好</p>'));
  });

  it('has the formatting tools with Chinese names', async () => {
    renderScreen(<Field initial="" onChange={() => undefined} />);
    await screen.findByRole('textbox', { name: '公告内容' });
    for (const name of [
      '加粗',
      '斜体',
      '下划线',
      '删除线',
      '标题',
      '小标题',
      '无序列表',
      '有序列表',
      '链接',
      '插入图片',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByText('公告内容', { selector: '.rich-text-placeholder' })).toBeInTheDocument();
  });
});
