import { primaryButton } from '../../components/ui';
import { useOnline, useUpdateReady } from './pwa-state';

export const OFFLINE_TEXT = 'You’re offline — your writing is kept on this device.';
export const UPDATE_TEXT = 'A new version is ready';

/**
 * What the installable app tells everyone, whatever the screen: that there is no connection
 * (reading and writing go on: the service worker and the save queue keep them), and that a new
 * version waits ("Reload" lets it take over; until then the page keeps the version it started with).
 */
export function PwaBars() {
  const online = useOnline();
  const applyUpdate = useUpdateReady();
  if (online && !applyUpdate) return null;
  return (
    <>
      {/* Room at the end of the page as tall as the bars, so the last of a screen can scroll up above them. */}
      <div aria-hidden="true" data-testid="pwa-bars-room" className={applyUpdate && !online ? 'h-40' : 'h-24'} />
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[90] flex flex-col items-center gap-2 p-3">
        {applyUpdate && (
          <div role="status" data-testid="update-ready" className="pointer-events-auto flex w-full max-w-md items-center justify-between gap-3 rounded-lg border border-line bg-surface px-4 py-3 text-sm text-fg shadow-xl">
            <span className="font-medium">{UPDATE_TEXT}</span>
            <button type="button" className={primaryButton} onClick={applyUpdate}>
              Reload
            </button>
          </div>
        )}
        {!online && (
          <div role="status" data-testid="offline-bar" className="pointer-events-auto w-full max-w-md rounded-lg bg-fg px-4 py-2.5 text-center text-sm font-medium text-page shadow-xl">
            {OFFLINE_TEXT}
          </div>
        )}
      </div>
    </>
  );
}
