import { useRef, type KeyboardEvent } from 'react';
import { focusRing } from '../../components/ui';

export type AuthMode = 'sign-in' | 'sign-up';

const TABS: { mode: AuthMode; label: string }[] = [
  { mode: 'sign-in', label: 'Sign in' },
  { mode: 'sign-up', label: 'Sign up' },
];

export const tabId = (mode: AuthMode) => `auth-tab-${mode}`;
export const panelId = (mode: AuthMode) => `auth-panel-${mode}`;

/** A two-tab switch following the ARIA tabs pattern (arrow keys move between tabs). */
export function AuthTabs({ mode, onChange }: { mode: AuthMode; onChange: (mode: AuthMode) => void }) {
  const tabRefs = useRef<Partial<Record<AuthMode, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next: AuthMode = event.key === 'Home' ? 'sign-in' : event.key === 'End' ? 'sign-up' : mode === 'sign-in' ? 'sign-up' : 'sign-in';
    onChange(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <div role="tablist" aria-label="Sign in or sign up" onKeyDown={onKeyDown} className="grid grid-cols-2 gap-1 rounded-lg bg-subtle p-1">
      {TABS.map((tab) => {
        const selected = tab.mode === mode;
        return (
          <button
            key={tab.mode}
            ref={(element) => {
              tabRefs.current[tab.mode] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.mode)}
            aria-selected={selected}
            aria-controls={panelId(tab.mode)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.mode)}
            className={`rounded-md px-3 py-2 text-sm font-semibold ${focusRing} ${
              selected ? 'bg-surface text-accent-ink shadow-sm' : 'text-muted hover:text-fg'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
