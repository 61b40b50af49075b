import { describe, expect, it } from 'vitest';
import { remoteReplyText, remoteText, sanitizeRemoteHtml } from './sanitize';

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

  it('gives entities back as the characters they stand for, never as markup', () => {
    expect(remoteText('Tom &amp; Jerry &lt;3 &quot;hi&quot;')).toBe('Tom & Jerry <3 "hi"');
    expect(remoteText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('<script>alert(1)</script>');
  });

  it('turns a reply into text with its paragraphs, without the mentions it opens with', () => {
    const html =
      '<p><span class="h-card"><a href="https://a.example/@ada" class="u-url mention">@<span>ada</span></a></span> <span class="h-card"><a href="https://b.example/@bo">@<span>bo@b.example</span></a></span> Lovely &amp; sad.</p><p>Second<br>line <script>x()</script></p>';
    expect(remoteReplyText(html, 1000)).toBe('Lovely & sad.\n\nSecond\nline');
    expect(remoteReplyText('<p>Talk to @ada later</p>', 1000)).toBe('Talk to @ada later');
    expect(remoteReplyText(`<p>${'w'.repeat(2000)}</p>`, 1000)).toHaveLength(1000);
  });

  it('turns markup into text as written, for text shown only as text', () => {
    expect(remoteText('<p>Tom &amp; <b>Jerry</b> &lt;3 &quot;hi&quot;</p><script>alert(1)</script>')).toBe('Tom & Jerry <3 "hi"');
    expect(remoteText('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
    expect(remoteText('&amp;'.repeat(20), 10)).toBe('&'.repeat(10));
  });
});
