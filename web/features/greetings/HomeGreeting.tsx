import { useQuery } from '@tanstack/react-query';
import { formatGreeting } from '@common/greetings/rules';
import { displayLabel } from '@common/account/names';
import type { UserRecord } from '@common/me/user';
import { todayGreetingQuery } from './api';

/**
 * The signed-in home's heading: today's greeting with the writer's first name ("Welcome
 * back, Ada!"), or the fixed "Welcome back, {first}!" when no greeting is enabled or it
 * cannot be loaded. Until it arrives the heading keeps its height but shows nothing (screen
 * readers hear that it is loading), so one greeting never flashes before another.
 */
export function HomeGreeting({ user }: { user: UserRecord }) {
  const first = user.first.trim() || displayLabel(user);
  const today = useQuery(todayGreetingQuery);
  const text = formatGreeting(today.data ?? null, first);
  return (
    <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl" data-testid="home-greeting" aria-busy={today.isPending || undefined}>
      {today.isPending ? (
        <>
          <span className="invisible" aria-hidden>
            {text}
          </span>
          <span className="sr-only">Loading your greeting…</span>
        </>
      ) : (
        text
      )}
    </h1>
  );
}
