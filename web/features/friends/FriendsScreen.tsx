import { PlaceholderScreen } from '../../components/PlaceholderScreen';

export function FriendsScreen() {
  return <PlaceholderScreen title="Friends" description="The writers you add as friends are listed here." />;
}
