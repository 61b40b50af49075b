import { BookX } from 'lucide-react';
import { Link } from 'react-router';
import { card, primaryButton, secondaryButton } from '../../components/ui';

/** Missing stories and other people's private ones look exactly alike. */
export function StoryNotFound({ message = 'Story not found' }: { message?: string }) {
  return (
    <section aria-labelledby="screen-heading" className={`${card} mx-auto max-w-xl text-center`} data-testid="story-not-found">
      <title>{`${message} · Drabble`}</title>
      <BookX aria-hidden className="mx-auto size-10 text-muted" />
      <h1 id="screen-heading" className="mt-3 text-2xl font-bold text-fg">
        {message}
      </h1>
      <p className="mt-2 text-muted">It may have been deleted or made private by its author.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link to="/community" className={primaryButton}>
          Browse the community
        </Link>
        <Link to="/stories" className={secondaryButton}>
          My stories
        </Link>
      </div>
    </section>
  );
}
