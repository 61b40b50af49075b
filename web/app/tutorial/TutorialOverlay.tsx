import { useCallback, useRef, useState, type CSSProperties } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { meContracts } from '@common/me/contract';
import { iconButton, primaryButton, secondaryButton } from '../../components/ui';
import { callRoute } from '../../lib/call-route';
import { setCurrentUserData } from '../../lib/auth';
import { logEvent } from '../../lib/event-log';
import type { CardPlacement } from './placement';
import { useOnOpenTutorial, type OpenedBy, type TutorialOpener } from './tutorial-context';
import { TUTORIAL_STEPS } from './tutorial-steps';
import { markTutorialSeen } from './tutorial-storage';
import { useCardPlacement } from './useCardPlacement';

interface TutorialState {
  open: boolean;
  step: number;
  openedBy: OpenedBy;
}

const LAST_STEP = TUTORIAL_STEPS.length - 1;
/** Room around the highlighted anchor. */
const SPOTLIGHT_PADDING = 6;

function cardStyle(placement: CardPlacement): CSSProperties {
  if (placement.side === 'center') return { top: '50%', left: '50%', transform: 'translate(-50%, -50%)' };
  return { top: placement.top, left: placement.left };
}

/**
 * Remembers that the tutorial opened by itself: in this browser (spec section 9's flag) and on
 * the account, so no other browser of the person's opens it again. A failed save is only logged:
 * the local flag still keeps it from opening here again.
 */
async function recordOpenedByItself(queryClient: QueryClient): Promise<void> {
  markTutorialSeen();
  try {
    setCurrentUserData(queryClient, await callRoute(meContracts.tutorialSeen, {}));
  } catch (error) {
    console.error('Could not record on the account that the tutorial was shown', error);
  }
}

/**
 * The 8-step tour (spec section 2) for a signed-in person: opens by itself once per account
 * (useFirstVisitTutorial says when), and from the help button, always at the first step.
 * A modal card: focus stays inside, Escape closes. Closing and finishing are logged.
 */
export function TutorialOverlay() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<TutorialState>({ open: false, step: 0, openedBy: 'help-button' });
  const [card, setCard] = useState<HTMLDivElement | null>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  // There is no Dialog.Trigger (the help button lives in the nav), so focus is returned by hand.
  const returnFocus = useRef<HTMLElement | null>(null);
  const current = TUTORIAL_STEPS[state.step] ?? TUTORIAL_STEPS[0]!;
  const { placement, anchorBox } = useCardPlacement(state.open ? card : null, current.anchor);

  const open = useCallback<TutorialOpener>(
    (openedBy) => {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setState({ open: true, step: 0, openedBy });
      if (openedBy === 'first-visit') void recordOpenedByItself(queryClient);
    },
    [queryClient],
  );
  useOnOpenTutorial(open);

  const end = (type: 'tutorial_closed' | 'tutorial_completed') => {
    setState((s) => ({ ...s, open: false }));
    void logEvent({
      type,
      action: type === 'tutorial_completed' ? 'finish' : 'close',
      details: { step: state.step + 1, of: TUTORIAL_STEPS.length, openedBy: state.openedBy },
    });
  };
  const goTo = (step: number) => setState((s) => ({ ...s, step }));
  const first = state.step === 0;
  const last = state.step === LAST_STEP;

  return (
    <Dialog.Root open={state.open} onOpenChange={(next) => !next && end('tutorial_closed')}>
      <Dialog.Portal>
        <Dialog.Overlay className={`fixed inset-0 z-[60] ${anchorBox ? '' : 'bg-black/50'}`} data-testid="tutorial-overlay">
          {anchorBox && (
            <div
              aria-hidden
              data-testid="tutorial-spotlight"
              className="pointer-events-none fixed rounded-lg ring-2 ring-accent-400 shadow-[0_0_0_9999px_rgb(0_0_0/0.5)]"
              style={{
                top: anchorBox.top - SPOTLIGHT_PADDING,
                left: anchorBox.left - SPOTLIGHT_PADDING,
                width: anchorBox.width + 2 * SPOTLIGHT_PADDING,
                height: anchorBox.height + 2 * SPOTLIGHT_PADDING,
              }}
            />
          )}
        </Dialog.Overlay>
        <Dialog.Content
          ref={setCard}
          data-testid="tutorial-card"
          data-placement={placement.side}
          data-anchored={anchorBox ? 'true' : 'false'}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            nextButton.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (returnFocus.current?.isConnected) returnFocus.current.focus();
            returnFocus.current = null;
          }}
          style={cardStyle(placement)}
          className="fixed z-[70] w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-5 text-fg shadow-2xl outline-none"
        >
          <div className="flex items-start justify-between gap-3">
            <p className="text-xs font-semibold tracking-wide text-accent-ink uppercase" data-testid="tutorial-progress">
              Step {state.step + 1} of {TUTORIAL_STEPS.length}
            </p>
            <Dialog.Close aria-label="Close tutorial" className={`${iconButton} -mt-2 -mr-2 size-8`}>
              <X aria-hidden className="size-4" />
            </Dialog.Close>
          </div>
          <Dialog.Title className="mt-1 text-lg font-bold">{current.title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">{current.description}</Dialog.Description>
          <ol aria-hidden className="mt-4 flex gap-1.5">
            {TUTORIAL_STEPS.map((step, index) => (
              <li key={step.title} className={`h-1.5 flex-1 rounded-full ${index <= state.step ? 'bg-accent-500' : 'bg-subtle'}`} />
            ))}
          </ol>
          <div className="mt-5 flex justify-between gap-2">
            {/* One element each side, so focus stays put while the labels change. */}
            <button type="button" onClick={() => (first ? end('tutorial_closed') : goTo(state.step - 1))} className={secondaryButton}>
              {first ? 'Close' : 'Back'}
            </button>
            <button
              ref={nextButton}
              type="button"
              onClick={() => (last ? end('tutorial_completed') : goTo(state.step + 1))}
              className={primaryButton}
            >
              {last ? 'Finish' : 'Next'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
