import { BookOpen, Feather, PenLine } from 'lucide-react';
import { Link } from 'react-router';
import type { UserRecord } from '@common/me/user';
import { card, primaryButton, secondaryButton, textLink } from '../../components/ui';
import { EmptyState } from '../../components/EmptyState';
import { useCurrentUser } from '../../lib/auth';
import { usePagedList } from '../../lib/paged-list';
import { HomeGreeting } from '../greetings';
import { communityQuery, myStoriesQuery, StoryGrid } from '../stories';
import { ProgressCard } from './ProgressCard';
import { TodayPromptCard } from './TodayPromptCard';

const RECENT = 3;

function GuestHome() {
  const recent = usePagedList(communityQuery({ q: '', genre: '', sort: 'newest' }, RECENT));
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="screen-heading" className={`${card} py-10 text-center sm:py-12`}>
        <Feather aria-hidden className="mx-auto size-10 text-accent-ink" />
        <h1 id="screen-heading" className="mt-4 text-3xl font-bold text-fg sm:text-4xl">
          Drabble
        </h1>
        <p className="mx-auto mt-3 max-w-xl text-lg text-muted">
          A place to write, share and talk about ultra-short fiction. A new prompt every day, a streak to keep and a word goal to
          reach, stories public or private, and readers who react and comment.
        </p>
        <Link to="/login" className={`${primaryButton} mt-8 px-6 py-3 text-base`}>
          Log in to start writing
        </Link>
      </section>
      <TodayPromptCard signedIn={false} />
      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="text-xl font-bold text-fg">
          Recent stories
        </h2>
        <div className="mt-4">
          <StoryGrid
            list={recent}
            paged={false}
            label="Recent public stories"
            showFavorite={false}
            showOwnerActions={false}
            empty={<EmptyState icon={<BookOpen aria-hidden className="size-6" />} title="No public stories yet." />}
          />
        </div>
      </section>
    </div>
  );
}

function SignedInHome({ user }: { user: UserRecord }) {
  const recent = usePagedList(myStoriesQuery('all', RECENT));
  return (
    <div className="flex flex-col gap-8">
      <div>
        <HomeGreeting user={user} />
        <p className="mt-1 text-muted">Your writing space on Drabble.</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <TodayPromptCard signedIn />
        <ProgressCard />
      </div>
      <section aria-labelledby="recent-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="recent-heading" className="text-xl font-bold text-fg">
            Your recent stories
          </h2>
          <Link to="/stories" className={textLink}>
            All my stories
          </Link>
        </div>
        <div className="mt-4">
          <StoryGrid
            list={recent}
            paged={false}
            label="Your recent stories"
            empty={
              <EmptyState icon={<PenLine aria-hidden className="size-6" />} title="You have not written a story yet.">
                <Link to="/story/new" className={`${secondaryButton} mt-2`}>
                  Write your first story
                </Link>
              </EmptyState>
            }
          />
        </div>
      </section>
    </div>
  );
}

export function HomeScreen() {
  const { user } = useCurrentUser();
  return (
    <>
      <title>Drabble</title>
      {user ? <SignedInHome user={user} /> : <GuestHome />}
    </>
  );
}
