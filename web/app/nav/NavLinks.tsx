import { NavLink } from 'react-router';
import { focusRing } from '../../components/ui';
import { NAV_LINKS } from './nav-items';

const linkBase = `rounded-md px-3 py-2 text-sm font-medium ${focusRing}`;
const inactive = 'text-muted hover:bg-subtle hover:text-fg';
const active = 'bg-accent-soft text-accent-soft-ink font-semibold';

/** NavLink sets aria-current="page" on the active link. */
export function NavLinks({ layout, onNavigate }: { layout: 'bar' | 'panel'; onNavigate?: () => void }) {
  return (
    <ul className={layout === 'bar' ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            onClick={onNavigate}
            data-testid={`nav-link-${link.to.slice(1)}`}
            className={({ isActive }) => `${linkBase} ${layout === 'panel' ? 'block' : ''} ${isActive ? active : inactive}`}
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
