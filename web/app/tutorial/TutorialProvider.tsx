import { Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { useCurrentUser } from '../../lib/auth';
import { onDemand } from '../../lib/on-demand';
import { TutorialContext, type OpenedBy, type TutorialContextValue, type TutorialOpener } from './tutorial-context';

// A modal dialog nobody sees on most visits: its code loads when it opens by itself or is asked for.
const overlay = onDemand(() => import('./TutorialOverlay'));
const TutorialOverlay = overlay.component((m) => m.TutorialOverlay);

export function TutorialProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const openerRef = useRef<TutorialOpener | null>(null);
  // Asked to open before the overlay's code arrived: it opens, so, once it registers.
  const openWhenReady = useRef<OpenedBy | null>(null);
  // Mounted from the first time it is asked for, and from then on.
  const [overlayWanted, setOverlayWanted] = useState(false);

  const value = useMemo<TutorialContextValue>(() => {
    const open = (openedBy: OpenedBy) => {
      if (openerRef.current) {
        openerRef.current(openedBy);
        return;
      }
      openWhenReady.current = openedBy;
      setOverlayWanted(true);
    };
    return {
      openTutorial: () => open('help-button'),
      openTutorialByItself: () => open('first-visit'),
      warmTutorial: overlay.warm,
      registerTutorialOpener: (opener) => {
        openerRef.current = opener;
        const pending = openWhenReady.current;
        if (pending) {
          openWhenReady.current = null;
          opener(pending);
        }
        return () => {
          if (openerRef.current === opener) openerRef.current = null;
        };
      },
    };
  }, []);

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
