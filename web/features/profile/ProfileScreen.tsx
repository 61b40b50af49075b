import { PlaceholderScreen } from '../../app/PlaceholderScreen';
import { card } from '../../app/ui';
import { useCurrentUser } from '../../lib/auth';

/** Reachable signed out (spec section 2), where it only asks the visitor to log in. */
export function ProfileScreen() {
  const { user } = useCurrentUser();
  if (!user) {
    return (
      <section aria-labelledby="screen-heading" className={card}>
        <title>My Profile · Drabble</title>
        <h1 id="screen-heading" className="text-2xl font-bold text-fg">
          My Profile
        </h1>
        <p className="mt-2 text-muted">Please log in to view your profile.</p>
      </section>
    );
  }
  return <PlaceholderScreen title="My Profile" description="Your profile, writing statistics and recent activity are shown here." />;
}
