/**
 * What a shared link to a story or a profile says about it: the page title and description
 * the browser tab, search engines and link previews (Open Graph) show. The server puts these
 * into the served HTML (chat apps and social sites read no JavaScript); the screens render
 * the same so the tab title does not change once the app starts.
 */
import { storyPreview } from './words';

export const SITE_NAME = 'Drabble';
/** Search engines and link previews cut descriptions at about this length. */
export const SHARE_DESCRIPTION_LENGTH = 160;
/** A cut text ends with '…', one character past its length. */
const EXCERPT_LENGTH = SHARE_DESCRIPTION_LENGTH - 1;
export const SITE_DESCRIPTION = 'Drabble: a place to write, share and talk about ultra-short fiction.';

export interface ShareText {
  /** The page's <title>. */
  pageTitle: string;
  /** og:title: the thing itself, without the site's name (og:site_name carries that). */
  title: string;
  description: string;
}

export function storyShareText(story: { title: string; content: string; authorDisplayName: string }): ShareText {
  const byline = `By ${story.authorDisplayName}`;
  // The byline comes first so a preview cut short still says whose story it is.
  const excerpt = storyPreview(story.content, Math.max(EXCERPT_LENGTH - byline.length - 3, 60));
  return {
    pageTitle: `${story.title} · ${SITE_NAME}`,
    title: story.title,
    description: excerpt ? `${byline} · ${excerpt}` : `${byline} on ${SITE_NAME}.`,
  };
}

export function profileShareText(profile: { displayName: string; aboutMe: string }): ShareText {
  const about = storyPreview(profile.aboutMe, EXCERPT_LENGTH);
  return {
    pageTitle: `${profile.displayName} · ${SITE_NAME}`,
    title: profile.displayName,
    description: about || `${profile.displayName} writes ultra-short fiction on ${SITE_NAME}.`,
  };
}

/** A page worth a link preview, as the server describes it in the served HTML. */
export interface SharedPage extends ShareText {
  type: 'article' | 'profile';
  /** Absolute, on PUBLIC_URL. */
  url: string;
  /** A story's writer: their name and their profile's absolute address. */
  author?: { name: string; url: string };
}
