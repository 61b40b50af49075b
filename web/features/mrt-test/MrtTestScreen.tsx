import { PlaceholderScreen } from '../../app/PlaceholderScreen';

export function MrtTestScreen() {
  return <PlaceholderScreen title="MRT Test" description="This screen is for checking table components." />;
}
