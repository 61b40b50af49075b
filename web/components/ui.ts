/** Shared class lists, so controls look and focus the same everywhere. */
export const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-offset-2 focus-visible:ring-offset-page';

export const primaryButton = `inline-flex items-center justify-center gap-2 rounded-md bg-accent-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-accent-800 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

export const secondaryButton = `inline-flex items-center justify-center gap-2 rounded-md border border-line bg-surface px-4 py-2 text-sm font-semibold text-fg hover:bg-subtle disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;

const iconButtonBase = `inline-flex size-10 items-center justify-center rounded-md hover:bg-subtle ${focusRing}`;
export const iconButton = `${iconButtonBase} text-muted hover:text-fg`;
export const activeIconButton = `${iconButtonBase} bg-accent-soft text-accent-soft-ink`;

export const textLink = `font-medium text-accent-ink underline hover:no-underline ${focusRing} rounded-sm`;
/** A small link led by an icon, underlined on hover (a page's Feed link, Tags this week). */
export const iconTextLink = `inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-accent-ink underline-offset-2 hover:underline ${focusRing}`;

export const inputField = `block w-full rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted focus-visible:border-accent-500 ${focusRing}`;

export const card = 'rounded-xl border border-line bg-surface p-6 shadow-sm';

/** A popover's panel without its padding (a list that runs edge to edge: the bells). */
export const popoverSurface = 'z-50 rounded-lg border border-line bg-surface text-fg shadow-xl';
export const popoverPanel = `${popoverSurface} p-3`;

/** A modal's dimmed backdrop. */
export const dialogOverlay = 'fixed inset-0 z-50 bg-black/50';
/** A modal's centred panel (then its size and padding, e.g. `max-w-md p-6`). */
export const dialogPanel = 'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-line bg-surface text-fg shadow-2xl focus:outline-none';
/** A tall modal with a header, a scrolling body and a footer that stays in view. */
export const dialogPanelScrolling = `${dialogPanel} flex max-h-[calc(100dvh-2rem)] max-w-lg flex-col`;

/** The button of an action that cannot be undone (delete, remove). */
export const dangerButton = `inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60 ${focusRing}`;
