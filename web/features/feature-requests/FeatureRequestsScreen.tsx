import { PlaceholderScreen } from '../../components/PlaceholderScreen';

export function FeatureRequestsScreen() {
  return <PlaceholderScreen title="Feature Requests" description="Feature requests from writers are listed here." />;
}
