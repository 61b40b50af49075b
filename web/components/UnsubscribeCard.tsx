import { MailX } from 'lucide-react';
import { Link } from 'react-router';
import { card, primaryButton, textLink } from './ui';

const alertBox = 'rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200';
const noticeBox = 'rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200';

interface UnsubscribeCardProps {
  title: string;
  intro: string;
  /** Why the emailed link cannot work (no token, or not one of ours), or null when it may. */
  invalid: string | null;
  /** What was stopped, once the button did it; null before. */
  done: string | null;
  /** The server's refusal of the last press, or null. */
  error: string | null;
  pending: boolean;
  button: { label: string; pending: string };
  onUnsubscribe: () => void;
  /** Where the reader changes these emails when signed in (a settings anchor), and what it is called. */
  settings: { path: string; label: string };
  signedIn: boolean;
  testId?: string;
  resultTestId?: string;
}

/**
 * The screen an email's unsubscribe link opens, signed in or out. Nothing happens on opening it
 * (mail scanners open links): one press of the button does it.
 */
export function UnsubscribeCard(p: UnsubscribeCardProps) {
  return (
    <div className="mx-auto w-full max-w-md min-w-0">
      <title>{`${p.title} · Drabble`}</title>
      <section aria-labelledby="screen-heading" className={`${card} flex flex-col gap-5`} data-testid={p.testId}>
        <div>
          <h1 id="screen-heading" className="flex items-center gap-2 text-2xl font-bold text-fg">
            <MailX aria-hidden className="size-6 text-accent-ink" />
            {p.title}
          </h1>
          <p className="mt-1 text-sm text-muted">{p.intro}</p>
        </div>
        {p.invalid !== null ? (
          <p role="alert" className={alertBox}>
            {p.invalid}
          </p>
        ) : p.done !== null ? (
          <p role="status" className={noticeBox} data-testid={p.resultTestId}>
            {p.done}
          </p>
        ) : (
          <>
            {p.error !== null && (
              <p role="alert" className={alertBox}>
                {p.error}
              </p>
            )}
            <button type="button" className={`${primaryButton} self-start`} disabled={p.pending} onClick={p.onUnsubscribe}>
              {p.pending ? p.button.pending : p.button.label}
            </button>
          </>
        )}
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to="/" className={textLink}>
            Go home
          </Link>
          <Link to={p.signedIn ? p.settings.path : '/login'} className={textLink}>
            {p.signedIn ? p.settings.label : 'Sign in'}
          </Link>
        </p>
      </section>
    </div>
  );
}
