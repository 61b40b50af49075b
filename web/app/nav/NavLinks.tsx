import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { unreadBadge } from '@common/messages/unread-badge';
import { focusRing } from '../../components/ui';
import { useCurrentUser } from '../../lib/auth';
import { unreadCountQuery } from '../../lib/unread-counts';
import { NAV_LINKS, WAITING_NAV_LINKS } from './nav-items';

const linkBase = `rounded-md px-3 py-2 text-sm font-medium ${focusRing}`;
const inactive = 'text-muted hover:bg-subtle hover:text-fg';
const active = 'bg-accent-soft text-accent-soft-ink font-semibold';

/** NavLink sets aria-current="page" on the active link. Messages carries the unread count, read out after it. */
export function NavLinks({ layout, onNavigate }: { layout: 'bar' | 'panel'; onNavigate?: () => void }) {
  const waiting = useCurrentUser().user?.awaitingApproval === true;
  // Live events (conversation.changed) refetch it whenever a conversation changes.
  const { data: unread = 0 } = useQuery({ ...unreadCountQuery, enabled: !waiting });
  return (
    <ul className={layout === 'bar' ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
      {(waiting ? WAITING_NAV_LINKS : NAV_LINKS).map((link) => {
        const badge = link.to === '/messages' && unread > 0 ? unreadBadge(unread) : null;
        return (
          <li key={link.to}>
            <NavLink
              to={link.to}
              onClick={onNavigate}
              data-testid={`nav-link-${link.to.slice(1)}`}
              className={({ isActive }) => `${linkBase} ${layout === 'panel' ? 'flex items-center' : 'inline-flex items-center'} ${isActive ? active : inactive}`}
            >
              {/* Named by its content: "Messages 3 unread" holds the visible "Messages 3" (WCAG 2.5.3, speech control). */}
              {link.label}
              {badge && (
                <>
                  {' '}
                  <span
                    className="ml-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-700 px-1.5 text-xs leading-none font-semibold text-white"
                    data-testid="messages-unread-badge"
                  >
                    {badge}
                  </span>
                  <span className="sr-only"> unread</span>
                </>
              )}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}
