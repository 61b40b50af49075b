import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export function CommunityScreen() {
  return <PlaceholderScreen title="Community" description="Public stories from Drabble writers are shown here." />;
}
