import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export function FavoritesScreen() {
  return <PlaceholderScreen title="Favorites" description="Stories you mark as favorites are kept here." />;
}
