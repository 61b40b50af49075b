import { LoaderCircle } from 'lucide-react';

function SpinnerIcon() {
  return <LoaderCircle aria-hidden className="size-8 animate-spin text-accent-ink" />;
}

/** Shown until the sign-in state is first known. */
export function FullScreenSpinner() {
  return (
    <div role="status" data-testid="app-loading" className="grid min-h-dvh place-items-center">
      <SpinnerIcon />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

/** Shown in the page area while a screen's code loads. */
export function CenteredSpinner() {
  return (
    <div role="status" data-testid="screen-loading" className="grid min-h-[40vh] place-items-center">
      <SpinnerIcon />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
