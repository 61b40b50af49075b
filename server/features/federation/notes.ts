import './temporal';
import { Hashtag, Mention, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { Context } from '@fedify/fedify';
import { contentWarningLine, warningsOfMask } from '@common/stories/content-warnings';

/** What a Note is made of: a story row's fields, as federation reads them (queries.ts). */
export interface FederatedStory {
  id: string;
  uid: string;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
  publishedAt: string | null;
  promptDay: string | null;
  contentWarnings: number;
  contentWarningNote: string | null;
  tagNames: string;
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The hashtag a prompt's day goes out as: letters, digits and `_`, as Mastodon's hashtags allow. */
export const promptDayHashtag = (day: string) => `DrabblePrompt_${day.replace(/-/g, '_')}`;

interface NoteTag {
  name: string;
  href: URL;
}

/** The story's tags and its prompt's day, as hashtags linking to their pages here. */
export function storyHashtags(story: FederatedStory, publicUrl: string): NoteTag[] {
  const names = JSON.parse(story.tagNames) as string[];
  const tags = names.map((name) => ({ name, href: new URL(`/tag/${encodeURIComponent(name)}`, publicUrl) }));
  if (story.promptDay) tags.push({ name: promptDayHashtag(story.promptDay), href: new URL(`/prompt/${story.promptDay}`, publicUrl) });
  return tags;
}

/**
 * The Note's HTML: the title as the first line, the whole text (paragraphs at blank lines, line
 * breaks kept), the hashtags as links (Mastodon indexes a hashtag only when it is in the text)
 * and a link to the story's page.
 */
export function noteContent(story: FederatedStory, storyUrl: URL, tags: readonly NoteTag[]): string {
  const paragraphs = story.content
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  const hashtags = tags
    .map((t) => `<a href="${escapeHtml(t.href.href)}" class="mention hashtag" rel="tag">#<span>${escapeHtml(t.name)}</span></a>`)
    .join(' ');
  return [
    `<p><strong>${escapeHtml(story.title)}</strong></p>`,
    ...paragraphs,
    ...(hashtags ? [`<p>${hashtags}</p>`] : []),
    `<p><a href="${escapeHtml(storyUrl.href)}">${escapeHtml(storyUrl.href)}</a></p>`,
  ].join('');
}

const instant = (iso: string) => Temporal.Instant.from(iso);

/** A public story as the Note other servers show whole; its content warnings as Mastodon's CW. */
export function storyNote(ctx: Context<unknown>, story: FederatedStory, publicUrl: string): Note {
  const storyUrl = new URL(`/story/${story.id}`, publicUrl);
  const tags = storyHashtags(story, publicUrl);
  const warning = contentWarningLine({ contentWarnings: warningsOfMask(story.contentWarnings), contentWarningNote: story.contentWarningNote });
  return new Note({
    id: ctx.getObjectUri(Note, { id: story.id }),
    attribution: ctx.getActorUri(story.uid),
    to: PUBLIC_COLLECTION,
    cc: ctx.getFollowersUri(story.uid),
    name: null,
    summary: warning,
    sensitive: warning !== null,
    content: noteContent(story, storyUrl, tags),
    url: storyUrl,
    published: instant(story.publishedAt ?? story.created_at),
    updated: story.updated_at !== story.created_at ? instant(story.updated_at) : null,
    tags: tags.map((t) => new Hashtag({ name: `#${t.name}`, href: t.href })),
  });
}

/** A member's reply as its Note is made: the reply and the account it answers. */
export interface SentReply {
  id: string;
  uid: string;
  inReplyTo: string;
  text: string;
  created_at: string;
  actorUri: string;
  handle: string;
  url: string | null;
}

/**
 * The reply as the Note Mastodon threads: public, opening with a mention of the account it
 * answers (Mastodon notifies by the Mention tag and shows the "@name" link), `inReplyTo` the post.
 */
export function replyNote(ctx: Context<unknown>, reply: SentReply): Note {
  const [, name = reply.handle] = /^@([^@]+)@/.exec(reply.handle) ?? [];
  const mention = `<span class="h-card"><a href="${escapeHtml(reply.url ?? reply.actorUri)}" class="u-url mention">@<span>${escapeHtml(name)}</span></a></span>`;
  const paragraphs = reply.text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => escapeHtml(p).replace(/\n/g, '<br>'));
  const content = paragraphs.map((p, i) => `<p>${i === 0 ? `${mention} ` : ''}${p}</p>`).join('');
  return new Note({
    id: ctx.getObjectUri(Note, { id: reply.id }),
    attribution: ctx.getActorUri(reply.uid),
    to: PUBLIC_COLLECTION,
    ccs: [new URL(reply.actorUri), ctx.getFollowersUri(reply.uid)],
    replyTarget: new URL(reply.inReplyTo),
    content,
    published: Temporal.Instant.from(reply.created_at),
    tags: [new Mention({ href: new URL(reply.actorUri), name: reply.handle })],
  });
}
