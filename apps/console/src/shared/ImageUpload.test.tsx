import { consoleUploadImage } from '@app/contract/console-uploads';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { answer, server } from '@test/msw';
import { renderScreen } from '@test/render';
import { fileToBase64, ImageUpload } from './ImageUpload';

function Field({ onChange }: { onChange: (url: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <ImageUpload
      value={value}
      onChange={(url) => {
        setValue(url);
        onChange(url);
      }}
    />
  );
}

const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;

describe('ImageUpload', () => {
  it('uploads a chosen picture as base64 and shows it', async () => {
    let sent = '';
    server.use(
      answer(consoleUploadImage, (input) => {
        sent = input.data;
        return { url: '/uploads/abc.png' };
      }),
    );
    const changed = vi.fn();
    renderScreen(<Field onChange={changed} />);
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.upload(
      fileInput(),
      new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(changed).toHaveBeenCalledWith('/uploads/abc.png'));
    expect(sent).toBe(btoa(String.fromCharCode(137, 80, 78, 71)));
    expect(await screen.findByAltText('图片预览')).toHaveAttribute('src', '/uploads/abc.png');
    expect(screen.getByRole('button', { name: /更换图片/ })).toBeInTheDocument();
  });

  it('refuses a file that is not a picture or too large without uploading, in Chinese', async () => {
    const changed = vi.fn();
    renderScreen(<Field onChange={changed} />);
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.upload(fileInput(), new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(await screen.findByText('仅支持 PNG、JPG、GIF、WebP 图片')).toBeInTheDocument();
    await user.upload(
      fileInput(),
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'b.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('图片不能超过2MB')).toBeInTheDocument();
    expect(changed).not.toHaveBeenCalled();
  });

  it('shows the server refusal and keeps the old picture', async () => {
    server.use(
      answer(consoleUploadImage, { refuse: { status: 400, message: '仅支持 PNG、JPG、GIF、WebP 图片' } }),
    );
    const changed = vi.fn();
    renderScreen(<Field onChange={changed} />);
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.upload(fileInput(), new File(['GIF89a'], 'c.gif', { type: 'image/gif' }));
    expect(await screen.findByText('仅支持 PNG、JPG、GIF、WebP 图片')).toBeInTheDocument();
    expect(changed).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /上传图片/ })).toBeEnabled();
  });

  it('encodes large files in chunks', async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => i % 256);
    const b64 = await fileToBase64(new Blob([bytes]));
    expect(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))).toEqual(bytes);
  });
});
