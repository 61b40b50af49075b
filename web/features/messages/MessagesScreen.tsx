import { PlaceholderScreen } from '../../components/PlaceholderScreen';

export function MessagesScreen() {
  return <PlaceholderScreen title="Messages" description="Your conversations with other writers are shown here." />;
}
