import { Heart } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { focusRing } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { loginPathFor } from '../../lib/safe-next';
import { useToggleFavorite } from './api/mutations';

const heartControl = (withLabel: boolean) =>
  `inline-flex items-center gap-1.5 rounded-md text-sm font-medium hover:bg-subtle ${withLabel ? 'px-3 py-2' : 'size-9 justify-center'} ${focusRing}`;

/**
 * The favourite toggle: a heart, filled when the story is in the user's favorites. A guest
 * (reading from a shared link) gets the heart as a way to log in and come back here.
 */
export function FavoriteButton({ storyId, withLabel = false }: { storyId: string; withLabel?: boolean }) {
  const { user } = useCurrentUser();
  const location = useLocation();
  const toggle = useToggleFavorite();
  if (!user) {
    return (
      <Link
        to={loginPathFor(location.pathname + location.search)}
        aria-label="Log in to add to favorites"
        title="Log in to add to favorites"
        data-testid="login-to-favorite"
        className={`${heartControl(withLabel)} text-muted hover:text-fg`}
      >
        <Heart aria-hidden className="size-5" />
        {withLabel && 'Favorite'}
      </Link>
    );
  }
  const favorite = user.favorites.includes(storyId);
  const label = favorite ? 'Remove from favorites' : 'Add to favorites';
  return (
    <button
      type="button"
      aria-pressed={favorite}
      aria-label={withLabel ? undefined : label}
      title={label}
      data-testid="favorite-toggle"
      onClick={() => void toggle(storyId, !favorite)}
      className={`${heartControl(withLabel)} ${favorite ? 'text-rose-700 dark:text-rose-300' : 'text-muted hover:text-fg'}`}
    >
      <Heart aria-hidden className={`size-5 ${favorite ? 'fill-current' : ''}`} />
      {withLabel && (favorite ? 'Favorited' : 'Favorite')}
    </button>
  );
}
