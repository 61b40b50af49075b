import { useMemo, useRef, type ReactNode } from 'react';
import { useCurrentUser } from '../../lib/auth';
import { TutorialContext, type TutorialContextValue, type TutorialOpener } from './tutorial-context';
import { TutorialOverlay } from './TutorialOverlay';

export function TutorialProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const openerRef = useRef<TutorialOpener | null>(null);

  const value = useMemo<TutorialContextValue>(
    () => ({
      openTutorial: () => openerRef.current?.(),
      registerTutorialOpener: (opener) => {
        openerRef.current = opener;
        return () => {
          if (openerRef.current === opener) openerRef.current = null;
        };
      },
    }),
    [],
  );

  return (
    <TutorialContext value={value}>
      {children}
      {/* The tutorial is for signed-in people (spec section 6); a new person gets a fresh one. */}
      {user && <TutorialOverlay key={user.uid} />}
    </TutorialContext>
  );
}
