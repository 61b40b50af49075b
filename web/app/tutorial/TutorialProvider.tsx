import { Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { useCurrentUser } from '../../lib/auth';
import { onDemand } from '../../lib/on-demand';
import { TutorialContext, type TutorialContextValue, type TutorialOpener } from './tutorial-context';
import { hasSeenTutorial } from './tutorial-storage';

// A modal dialog nobody sees on most visits: its code loads when it opens by itself or is asked for.
const overlay = onDemand(() => import('./TutorialOverlay'));
const TutorialOverlay = overlay.component((m) => m.TutorialOverlay);

export function TutorialProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const openerRef = useRef<TutorialOpener | null>(null);
  // The help button was pressed before the overlay's code arrived: it opens once it registers.
  const openWhenReady = useRef(false);
  // Decided once per page: it opens by itself on a first visit, and stays mounted once used.
  const [overlayWanted, setOverlayWanted] = useState(() => !hasSeenTutorial());

  const value = useMemo<TutorialContextValue>(
    () => ({
      openTutorial: () => {
        if (openerRef.current) {
          openerRef.current();
          return;
        }
        openWhenReady.current = true;
        setOverlayWanted(true);
      },
      warmTutorial: overlay.warm,
      registerTutorialOpener: (opener) => {
        openerRef.current = opener;
        if (openWhenReady.current) {
          openWhenReady.current = false;
          opener();
        }
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
      {user && overlayWanted && (
        <Suspense fallback={null}>
          <TutorialOverlay key={user.uid} />
        </Suspense>
      )}
    </TutorialContext>
  );
}
