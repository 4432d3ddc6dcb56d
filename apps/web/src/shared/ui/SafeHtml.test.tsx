import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadPurify, SafeHtml, sanitize } from './SafeHtml';

const EVIL =
  '<p>正文<img src="x" onerror="window.__pwned=1"><a href="javascript:window.__pwned=2">坏链接</a>' +
  '<script>window.__pwned=3</script><a href="https://example.com/" onclick="window.__pwned=4">好链接</a>' +
  '<form action="https://evil.example"><input name="p"></form><style>body{display:none}</style>' +
  '<iframe src="https://evil.example"></iframe><span style="position:fixed">样式</span></p>';

describe('sanitising server HTML', () => {
  it('removes scripts, event handlers, javascript: links, forms, styles and frames', async () => {
    const clean = sanitize(await loadPurify(), EVIL);
    expect(clean).toContain('正文');
    expect(clean).not.toMatch(/<script|onerror|onclick|javascript:|<form|<input|<style|<iframe|style=/i);
    expect(clean).toContain('https://example.com/');
  });

  it('opens the remaining links in a new window without access to the app', async () => {
    const clean = sanitize(await loadPurify(), '<a href="https://example.com/">x</a>');
    expect(clean).toBe('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('shows the harmless rest, and nothing runs', async () => {
    const w = window as unknown as { __pwned?: number };
    delete w.__pwned;
    render(<SafeHtml html={EVIL} label="内容" />);
    const box = await screen.findByLabelText('内容');
    expect(box).toHaveTextContent('正文');
    expect(box.querySelector('script, form, iframe, [onerror], [onclick], [style]')).toBeNull();
    const bad = screen.getByText('坏链接');
    expect(bad.getAttribute('href')).toBeNull();
    box.querySelector('img')?.dispatchEvent(new Event('error'));
    expect(w.__pwned).toBeUndefined();
  });
});
