import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export function MyStoriesScreen() {
  return <PlaceholderScreen title="My Stories" description="The stories you write are listed here." />;
}
