import { useRef, type RefObject } from 'react';

/** What a keyboard can reach, in the order Tab would. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function canTakeFocus(element: HTMLElement): boolean {
  return element.isConnected && !element.matches(':disabled') && element.getClientRects().length > 0;
}

interface Opener {
  element: HTMLElement;
  /** Its ancestors when the dialog opened, nearest first: where to look if it is gone by the close. */
  ancestors: HTMLElement[];
}

function openerOf(active: Element | null): Opener | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const ancestors: HTMLElement[] = [];
  for (let el = active.parentElement; el && el !== document.body; el = el.parentElement) ancestors.push(el);
  return { element: active, ancestors };
}

/**
 * Where the focus goes as a dialog closes: back to what opened it; if that is gone or disabled
 * (the row it stood in was removed, its work is under way), to the first control left in the
 * nearest part of the page that still holds it; failing that, to the page's main content.
 * Never to <body>, which would send a keyboard user back to the top of the page.
 */
function returnFocus(opener: Opener | null): void {
  if (opener && canTakeFocus(opener.element)) {
    opener.element.focus();
    if (document.activeElement === opener.element) return;
  }
  const main = document.getElementById('main');
  const container = opener?.ancestors.find((el) => el.isConnected && main?.contains(el));
  const near = container ? [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].find(canTakeFocus) : undefined;
  (near ?? main)?.focus();
}

/**
 * The focus handlers of a Radix dialog's Content. No dialog here has a Radix Trigger (they open
 * from plain buttons, often after their code loads on demand), and without one Radix returns the
 * focus nowhere: it fell to <body> on Escape. This keeps what had the focus as the dialog opened
 * and returns it there (or near, see returnFocus); `returnFocusTo` names another element instead.
 */
export function useDialogFocus(returnFocusTo?: RefObject<HTMLElement | null>) {
  const opener = useRef<Opener | null>(null);
  return {
    // Radix calls this as the dialog takes the focus, so the element that had it is still active.
    onOpenAutoFocus: () => {
      opener.current = openerOf(document.activeElement);
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const named = returnFocusTo?.current;
      returnFocus(named ? { element: named, ancestors: opener.current?.ancestors ?? [] } : opener.current);
      opener.current = null;
    },
  };
}
