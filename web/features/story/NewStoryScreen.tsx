import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export function NewStoryScreen() {
  return <PlaceholderScreen title="New Story" description="This is where you write a new story." />;
}
