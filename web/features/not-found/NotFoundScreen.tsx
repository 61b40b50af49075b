import { Link } from 'react-router';
import { card, textLink } from '../../components/ui';

export function NotFoundScreen() {
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
