import { CircleHelp, Shield } from 'lucide-react';
import { NavLink } from 'react-router';
import { activeIconButton, focusRing, iconButton } from '../../components/ui';
import { useOpenTutorial, useWarmTutorial } from '../tutorial/tutorial-context';

export function AdminLink({ withLabel = false, onNavigate }: { withLabel?: boolean; onNavigate?: () => void }) {
  return (
    <NavLink
      to="/admin"
      aria-label={withLabel ? undefined : 'Admin Panel'}
      title="Admin Panel"
      data-testid="admin-link"
      onClick={onNavigate}
      className={({ isActive }) =>
        withLabel
          ? `flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-accent-soft text-accent-soft-ink' : 'text-muted hover:bg-subtle hover:text-fg'} ${focusRing}`
          : isActive ? activeIconButton : iconButton
      }
    >
      <Shield aria-hidden className="size-5" />
      {withLabel && 'Admin Panel'}
    </NavLink>
  );
}

export function TutorialButton({ withLabel = false }: { withLabel?: boolean }) {
  const openTutorial = useOpenTutorial();
  const warmTutorial = useWarmTutorial();
  return (
    <button
      type="button"
      aria-label="Open tutorial"
      title="Open tutorial"
      data-testid="tutorial-button"
      onClick={openTutorial}
      onPointerEnter={warmTutorial}
      onFocus={warmTutorial}
      className={withLabel ? `${iconButton} w-auto gap-2 px-3` : iconButton}
    >
      <CircleHelp aria-hidden className="size-5" />
      {withLabel && <span aria-hidden className="text-sm font-medium">Tutorial</span>}
    </button>
  );
}
