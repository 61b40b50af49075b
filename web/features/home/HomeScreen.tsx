import { Feather, PenLine } from 'lucide-react';
import { Link } from 'react-router';
import type { UserRecord } from '@common/user';
import { displayLabel } from '@common/names';
import { card, primaryButton } from '../../app/ui';
import { useCurrentUser } from '../../lib/auth';

function GuestWelcome() {
  return (
    <section aria-labelledby="screen-heading" className={`${card} mx-auto max-w-2xl py-12 text-center`}>
      <Feather aria-hidden className="mx-auto size-10 text-accent-ink" />
      <h1 id="screen-heading" className="mt-4 text-3xl font-bold text-fg sm:text-4xl">
        Drabble
      </h1>
      <p className="mt-3 text-lg text-muted">A place to write, share and talk about ultra-short fiction.</p>
      <Link to="/login" className={`${primaryButton} mt-8 px-6 py-3 text-base`}>
        Log in to start writing
      </Link>
    </section>
  );
}

function SignedInWelcome({ user }: { user: UserRecord }) {
  return (
    <section aria-labelledby="screen-heading" className={card}>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg sm:text-3xl" data-testid="home-greeting">
        Welcome back, {displayLabel(user)}
      </h1>
      <p className="mt-2 text-muted">Your writing space on Drabble.</p>
      <Link to="/story/new" className={`${primaryButton} mt-6`}>
        <PenLine aria-hidden className="size-4" />
        Write a new story
      </Link>
    </section>
  );
}

export function HomeScreen() {
  const { user } = useCurrentUser();
  return (
    <>
      <title>Drabble</title>
      {user ? <SignedInWelcome user={user} /> : <GuestWelcome />}
    </>
  );
}
