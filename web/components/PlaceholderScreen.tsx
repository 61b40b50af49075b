import { card } from './ui';

/** A screen whose content later work builds: its heading and one plain sentence. */
export function PlaceholderScreen({ title, description }: { title: string; description: string }) {
  return (
    <section aria-labelledby="screen-heading" className={card}>
      <title>{`${title} · Drabble`}</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg">
        {title}
      </h1>
      <p className="mt-2 text-muted">{description}</p>
    </section>
  );
}
