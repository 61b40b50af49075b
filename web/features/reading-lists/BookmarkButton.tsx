import type { ComponentProps } from 'react';
import { Bookmark } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import type { StoryLists } from '@common/reading-lists/reading-lists';
import { LoadOnOpen } from '../../components/LoadOnOpen';
import { focusRing } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { onDemand } from '../../lib/on-demand';
import { loginPathFor } from '../../lib/safe-next';
import { readingListKeys } from './keys';

const menu = onDemand(() => import('./BookmarkMenu'));
const BookmarkMenu = menu.component((m) => m.BookmarkMenu);

const control = (withLabel: boolean) =>
  `inline-flex items-center gap-1.5 rounded-md text-sm font-medium hover:bg-subtle ${withLabel ? 'px-3 py-2' : 'size-9 justify-center'} ${focusRing}`;

/**
 * The one look of the bookmark: the stand-in renders it, and the menu's Radix trigger too
 * (`asChild`), so the swap changes nothing on screen. Filled once the story is known to be in a list.
 */
export function BookmarkTrigger({ withLabel, saved, ...props }: ComponentProps<'button'> & { withLabel: boolean; saved: boolean }) {
  const label = saved ? 'Saved to reading lists' : 'Read later';
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      {...props}
      aria-label={withLabel ? undefined : label}
      title={label}
      data-testid="bookmark-toggle"
      className={`${control(withLabel)} ${saved ? 'text-accent-ink' : 'text-muted hover:text-fg'}`}
    >
      <Bookmark aria-hidden className={`size-5 ${saved ? 'fill-current' : ''}`} />
      {withLabel && (saved ? 'Saved' : 'Read later')}
    </button>
  );
}

/**
 * "Read later" on a story: one tap saves it there and opens the reader's lists, to choose
 * another or make a new one (BookmarkMenu, loaded on first use). A guest gets a way to log in
 * on the story page (`withLabel`), nothing on a card.
 */
export function BookmarkButton({ storyId, withLabel = false }: { storyId: string; withLabel?: boolean }) {
  const { user } = useCurrentUser();
  const location = useLocation();
  // Only what the menu already read: a card never asks the server by itself.
  const { data } = useQuery<StoryLists>({ queryKey: readingListKeys.forStory(storyId), enabled: false });
  if (!user) {
    if (!withLabel) return null;
    return (
      <Link to={loginPathFor(location.pathname + location.search)} title="Log in to read later" data-testid="login-to-read-later" className={`${control(withLabel)} text-muted hover:text-fg`}>
        <Bookmark aria-hidden className="size-5" />
        Read later
      </Link>
    );
  }
  const saved = data?.lists.some((l) => l.has) ?? false;
  return (
    <LoadOnOpen part={menu} standIn={(props) => <BookmarkTrigger withLabel={withLabel} saved={saved} {...props} />}>
      <BookmarkMenu storyId={storyId} trigger={<BookmarkTrigger withLabel={withLabel} saved={saved} />} />
    </LoadOnOpen>
  );
}
