import { LogIn } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { textLink } from '../../../components/ui';
import { loginPathFor } from '../../../lib/safe-next';

/** A guest's way in from a shared story: log in, then land back on this same page. */
export function LoginLink({ children, testId }: { children: string; testId?: string }) {
  const location = useLocation();
  return (
    <Link to={loginPathFor(location.pathname + location.search)} className={`inline-flex items-center gap-1.5 text-sm ${textLink}`} data-testid={testId}>
      <LogIn aria-hidden className="size-4" />
      {children}
    </Link>
  );
}
