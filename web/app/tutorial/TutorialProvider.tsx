import { useMemo, useRef, type ReactNode } from 'react';
import { TutorialContext, type TutorialContextValue, type TutorialOpener } from './tutorial-context';

export function TutorialProvider({ children }: { children: ReactNode }) {
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

  return <TutorialContext value={value}>{children}</TutorialContext>;
}
