import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/auth';
import { isSignInReturn } from '../../lib/safe-next';
import { useOpenTutorialByItself } from './tutorial-context';
import { hasSeenTutorial } from './tutorial-storage';

/**
 * Opens the tutorial by itself once per account: not when this browser's flag (spec section 9)
 * or the account (`tutorialSeenAt`, any browser) says it has opened before. Never over the
 * deactivated screen, the login screen, or the page a sign-in handed back to (the story a guest
 * came back to react to): it waits for the next page the person goes to.
 */
export function useFirstVisitTutorial(): void {
  const { user } = useCurrentUser();
  const { pathname, state } = useLocation();
  const openByItself = useOpenTutorialByItself();
  const due = user !== null && user.tutorialSeenAt === null && !user.deactivatedAt && !user.awaitingApproval && pathname !== '/login' && !isSignInReturn(state);
  useEffect(() => {
    if (due && !hasSeenTutorial()) openByItself();
  }, [due, openByItself]);
}
