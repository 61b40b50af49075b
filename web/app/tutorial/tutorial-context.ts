import { createContext, useContext, useEffect } from 'react';

/** How the tutorial came to open: by itself on a first visit, or from the help button. */
export type OpenedBy = 'first-visit' | 'help-button';

export type TutorialOpener = (openedBy: OpenedBy) => void;

export interface TutorialContextValue {
  /** What the nav's help button calls. Does nothing until a tutorial registers itself. */
  openTutorial: () => void;
  /** The first visit's opening (useFirstVisitTutorial decides when). */
  openTutorialByItself: () => void;
  /** Starts loading the overlay's code (the help button calls it on pointerenter/focus). */
  warmTutorial: () => void;
  /** Plugs a tutorial in; returns the function that unplugs it. */
  registerTutorialOpener: (opener: TutorialOpener) => () => void;
}

export const TutorialContext = createContext<TutorialContextValue | null>(null);

function useTutorialContext(): TutorialContextValue {
  const value = useContext(TutorialContext);
  if (!value) throw new Error('Tutorial hooks must be used inside TutorialProvider');
  return value;
}

export function useOpenTutorial(): () => void {
  return useTutorialContext().openTutorial;
}

export function useOpenTutorialByItself(): () => void {
  return useTutorialContext().openTutorialByItself;
}

export function useWarmTutorial(): () => void {
  return useTutorialContext().warmTutorial;
}

/** The hook point for the tutorial overlay: `useOnOpenTutorial((openedBy) => setOpen(true))`. */
export function useOnOpenTutorial(opener: TutorialOpener): void {
  const { registerTutorialOpener } = useTutorialContext();
  useEffect(() => registerTutorialOpener(opener), [registerTutorialOpener, opener]);
}
