import type { ReactNode } from 'react';
import { card } from '../../components/ui';

/** The narrow card of the signed-out screens (sign-in, password reset, emailed links). */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md min-w-0">
      <title>{`${title} · Drabble`}</title>
      <section aria-labelledby="screen-heading" className={`${card} flex flex-col gap-5`}>
        <div>
          <h1 id="screen-heading" className="text-2xl font-bold text-fg">
            {title}
          </h1>
          {intro && <p className="mt-1 text-sm text-muted">{intro}</p>}
        </div>
        {children}
      </section>
    </div>
  );
}

/** A success sentence, in the same place an error would show. */
export function FormNotice({ message, testId }: { message: string; testId?: string }) {
  return (
    <p
      role="status"
      data-testid={testId}
      className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200"
    >
      {message}
    </p>
  );
}
