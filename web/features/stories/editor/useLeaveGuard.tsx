import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/**
 * Asks before leaving with unsaved changes: the browser's own prompt on reload or close,
 * and a dialog for links inside the app. `allowLeave` lets a successful save navigate away.
 */
export function useLeaveGuard(unsaved: boolean) {
  const unsavedRef = useRef(unsaved);
  useEffect(() => {
    unsavedRef.current = unsaved;
  }, [unsaved]);

  useEffect(() => {
    if (!unsaved) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);

  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) =>
        unsavedRef.current && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );

  const allowLeave = useCallback(() => {
    unsavedRef.current = false;
  }, []);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      description="Your changes are not saved to your stories yet. A draft stays on this device and comes back when you return to the editor."
      confirmLabel="Leave"
      cancelLabel="Keep writing"
      onConfirm={() => blocker.proceed?.()}
    />
  );
  return { allowLeave, dialog };
}
