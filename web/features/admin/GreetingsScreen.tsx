import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export function GreetingsScreen() {
  return <PlaceholderScreen title="Admin: Greetings Manager" description="The greetings shown to writers are managed here." />;
}
