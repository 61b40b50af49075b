import { Link } from 'react-router';
import { card, textLink } from './ui';

/** A screen that only says why there is nothing here, with a way home (not found, admins only). */
export function NoticeScreen({ title, text, centered = false }: { title: string; text: string; centered?: boolean }) {
  return (
    <section aria-labelledby="screen-heading" className={centered ? `${card} text-center` : card}>
      <title>{`${title} · Drabble`}</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg">
        {title}
      </h1>
      <p className="mt-2 text-muted">{text}</p>
      <Link to="/" className={`${textLink} mt-4 inline-block`}>
        Go home
      </Link>
    </section>
  );
}
