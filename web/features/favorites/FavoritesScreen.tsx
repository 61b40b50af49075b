import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { usePagedList } from '../../lib/paged-list';
import { favoritesQuery, StoryGrid } from '../stories';

/** /favorites: the stories the user favourited that they can still read, latest first. */
export function FavoritesScreen() {
  const list = usePagedList(favoritesQuery());
  return (
    <section aria-labelledby="screen-heading">
      <title>Favorites · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl">
        Favorites
      </h1>
      <p className="mt-1 text-muted">Stories you kept, most recently favorited first.</p>
      <div className="mt-6">
        <StoryGrid
          headingLevel="h2"
          list={list}
          label="Favorite stories"
          empty={
            <EmptyState icon={<Heart aria-hidden className="size-6" />} title="No favorites yet.">
              Tap the heart on a story to keep it here.{' '}
              <Link to="/community" className="font-medium text-accent-ink underline">
                Browse the community
              </Link>
            </EmptyState>
          }
        />
      </div>
    </section>
  );
}
