import { Link } from 'react-router';
import { card, textLink } from '../../components/ui';

export function AdminsOnlyScreen() {
  return (
    <section aria-labelledby="screen-heading" className={card}>
      <title>Admins only · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg">
        Admins only
      </h1>
      <p className="mt-2 text-muted">This area is for Drabble administrators.</p>
      <Link to="/" className={`${textLink} mt-4 inline-block`}>
        Go home
      </Link>
    </section>
  );
}
