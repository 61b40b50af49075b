import { describe, expect, it } from 'vitest';
import { remotePlainText, remoteText, sanitizeRemoteHtml } from './sanitize';

describe('remote HTML', () => {
  it('keeps paragraphs, line breaks, emphasis, links and spans', () => {
    expect(sanitizeRemoteHtml('<p><strong>T</strong> <em>e</em></p>')).toBe('<p><strong>T</strong> <em>e</em></p>');
    const html = '<p>One<br>two <a href="https://ex.example/@a" class="u-url mention">@<span>a</span></a></p>';
    expect(sanitizeRemoteHtml(html)).toBe('<p>One<br />two <a href="https://ex.example/@a" rel="nofollow noopener noreferrer ugc" target="_blank">@<span>a</span></a></p>');
  });

  it('drops scripts, handlers, styles, images and unsafe link schemes', () => {
    const html = '<p onclick="x()" style="color:red">Hi<script>alert(1)</script><img src="https://e.example/i.png"><a href="javascript:alert(1)">x</a><a href="//e.example">y</a></p><iframe src="https://e.example"></iframe>';
    const clean = sanitizeRemoteHtml(html);
    expect(clean).not.toMatch(/script|onclick|style|img|iframe|javascript|\/\/e\.example/);
    expect(clean).toContain('Hi');
  });

  it('turns markup into plain text for names and warnings', () => {
    expect(remoteText('<b>Bold</b> <i>name</i>\n<script>x</script>')).toBe('Bold name');
    expect(remoteText('x'.repeat(600)).length).toBe(500);
  });

  it('turns markup into text as written, for text shown only as text', () => {
    expect(remotePlainText('<p>Tom &amp; <b>Jerry</b> &lt;3 &quot;hi&quot;</p><script>alert(1)</script>')).toBe('Tom & Jerry <3 "hi"');
    expect(remotePlainText('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
    expect(remotePlainText('&amp;'.repeat(20), 10)).toBe('&'.repeat(10));
  });
});
