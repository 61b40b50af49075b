import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export function PublicProfileScreen() {
  return <PlaceholderScreen title="Writer Profile" description="A writer's public profile and public stories are shown here." />;
}
