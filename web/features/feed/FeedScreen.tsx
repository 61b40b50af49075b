import { PlaceholderScreen } from '../../components/PlaceholderScreen';

export function FeedScreen() {
  return <PlaceholderScreen title="Feed" description="News from the writers you follow is shown here." />;
}
