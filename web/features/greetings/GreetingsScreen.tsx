import { PlaceholderScreen } from '../../components/PlaceholderScreen';

export function GreetingsScreen() {
  return <PlaceholderScreen title="Admin: Greetings Manager" description="The greetings shown to writers are managed here." />;
}
