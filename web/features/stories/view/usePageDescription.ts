import { useEffect } from 'react';
import { SITE_DESCRIPTION } from '@common/stories/share';

/**
 * Sets the page's one <meta name="description"> while the screen is shown, then puts the
 * site's own back (not whatever was there before: a page opened from a shared link starts
 * with the server's description of that link). Editing the tag index.html has, rather than
 * rendering another <meta>, keeps a single description.
 */
export function usePageDescription(description: string) {
  useEffect(() => {
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
    const shown = tag;
    return () => {
      shown.content = SITE_DESCRIPTION;
    };
  }, [description]);
}
