import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export function StoryScreen() {
  return <PlaceholderScreen title="Story" description="A single story is shown here, to read or to edit." />;
}
