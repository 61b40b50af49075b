import { BookX } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { card, primaryButton, secondaryButton } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { loginPathFor } from '../../lib/safe-next';

/**
 * Missing stories and other people's private ones look exactly alike. A guest may be the
 * author, signed out: logging in brings them back to the story. Also what a page of a story
 * the visitor may not open says (`message`), with its own `detail` or none.
 */
export function StoryNotFound({ message = 'Story not found', detail = 'It may have been deleted or made private by its author.', backTo }: {
  message?: string;
  /** What the heading means; null for a heading that says it all. */
  detail?: string | null;
  /** The story itself, when it is there to read (a reader turned away from its versions). */
  backTo?: string;
}) {
  const { user } = useCurrentUser();
  const location = useLocation();
  return (
    <section aria-labelledby="screen-heading" className={`${card} mx-auto max-w-xl text-center`} data-testid="story-not-found">
      <title>{`${message} · Drabble`}</title>
      <BookX aria-hidden className="mx-auto size-10 text-muted" />
      <h1 id="screen-heading" className="mt-3 text-2xl font-bold text-fg">
        {message}
      </h1>
      {detail && <p className="mt-2 text-muted">{detail}</p>}
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {backTo ? (
          <Link to={backTo} className={primaryButton}>
            Back to the story
          </Link>
        ) : (
          <Link to="/community" className={primaryButton}>
            Browse the community
          </Link>
        )}
        {user ? (
          <Link to="/stories" className={secondaryButton}>
            My stories
          </Link>
        ) : (
          <Link to={loginPathFor(location.pathname + location.search)} className={secondaryButton}>
            Log in
          </Link>
        )}
      </div>
    </section>
  );
}
