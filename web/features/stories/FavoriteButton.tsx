import { Heart } from 'lucide-react';
import { focusRing } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { useToggleFavorite } from './api/mutations';

/** The favourite toggle: a heart, filled when the story is in the user's favorites. */
export function FavoriteButton({ storyId, withLabel = false }: { storyId: string; withLabel?: boolean }) {
  const { user } = useCurrentUser();
  const toggle = useToggleFavorite();
  if (!user) return null;
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
      className={`inline-flex items-center gap-1.5 rounded-md text-sm font-medium hover:bg-subtle ${withLabel ? 'px-3 py-2' : 'size-9 justify-center'} ${
        favorite ? 'text-rose-700 dark:text-rose-300' : 'text-muted hover:text-fg'
      } ${focusRing}`}
    >
      <Heart aria-hidden className={`size-5 ${favorite ? 'fill-current' : ''}`} />
      {withLabel && (favorite ? 'Favorited' : 'Favorite')}
    </button>
  );
}
