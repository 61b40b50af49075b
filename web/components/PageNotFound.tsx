import { Link } from 'react-router';
import { card, textLink } from './ui';

/** "Page not found": the catch-all route's screen, and /:at's for an address that is no handle (features/profile/HandleProfileScreen.tsx). */
export function PageNotFound() {
  return (
    <section aria-labelledby="screen-heading" className={`${card} text-center`}>
      <title>Page not found · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg">
        Page not found
      </h1>
      <p className="mt-2 text-muted">There is nothing at this address.</p>
      <Link to="/" className={`${textLink} mt-4 inline-block`}>
        Go home
      </Link>
    </section>
  );
}
