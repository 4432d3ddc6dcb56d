import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps formatting, links and images', () => {
    expect(sanitizeRichText('<p><strong>首存</strong> <a href="https://x.example/a">规则</a></p>')).toBe(
      '<p><strong>首存</strong> <a href="https://x.example/a" target="_blank" rel="noopener noreferrer">规则</a></p>',
    );
    expect(sanitizeRichText('<img src="/uploads/ab.png" alt="b">')).toBe(
      '<img src="/uploads/ab.png" alt="b" />',
    );
  });

  it('drops scripts, handlers, styles, forms, frames and unsafe schemes', () => {
    const dirty =
      '<p onclick="x()" style="color:red">a<script>alert(1)</script></p><iframe src="https://e"></iframe>' +
      '<form><input name="p"></form><a href="javascript:alert(1)">j</a><img src="data:image/png;base64,AA" onerror="x()">' +
      '<style>body{}</style><a href="//evil.example">p</a>';
    const clean = sanitizeRichText(dirty);
    expect(clean).toBe(
      '<p>a</p><a target="_blank" rel="noopener noreferrer">j</a><img /><a target="_blank" rel="noopener noreferrer">p</a>',
    );
    for (const bad of [
      'script',
      'onclick',
      'style',
      'iframe',
      'form',
      'input',
      'javascript',
      'data:',
      'onerror',
      'evil',
    ])
      expect(clean).not.toContain(bad);
  });
});
