import { BadgeCheck, BookOpen, Eye, Flame, Globe, Heart, House, MessageCircle, Ruler, Sigma, Trophy } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PublicProfile, PublicStats } from '@common/profile/profile';
import type { StorySummary } from '@common/stories/story';
import { writerFeed } from '@common/feeds/feeds';
import { atHandle } from '@common/handles/rules';
import { Avatar } from '../../components/Avatar';
import { FeedLink } from '../../components/FeedLink';
import { card, primaryButton } from '../../components/ui';
import { EmptyState } from '../../components/EmptyState';
import { usePagedList, type PagedList } from '../../lib/paged-list';
import { useCurrentUser } from '../../lib/auth';
import { formatNumber } from '../../lib/format';
import { useWatch } from '../../lib/watch';
import { BlockedNotice, relationshipQuery } from '../follows';
import { StoryGrid } from '../stories';
import { WriterSeries } from '../series';
import { publicProfileQuery, publicStoriesQuery } from './api';
import { StatTile } from './fields';
import { ProfileLinks } from './links';
import { ProfileSocial } from './ProfileSocial';
import { ReportButton } from '../reports';
import { BadgesSection } from '../badges';

export function UserNotFound() {
  return (
    <section aria-labelledby="screen-heading" className={`${card} text-center`} data-testid="user-not-found">
      <title>User not found · Drabble</title>
      <h1 id="screen-heading" className="text-2xl font-bold text-fg">
        User not found
      </h1>
      <p className="mt-2 text-muted">This writer does not exist, or their profile could not be loaded.</p>
      <Link to="/" className={`${primaryButton} mt-5`}>
        <House aria-hidden className="size-4" />
        Go Home
      </Link>
    </section>
  );
}

export function ProfileSkeleton() {
  return (
    <div className="space-y-6" aria-hidden data-testid="public-profile-loading">
      <div className={`${card} flex items-center gap-6`}>
        <div className="size-24 animate-pulse rounded-full bg-subtle sm:size-28" />
        <div className="flex-1 space-y-3">
          <div className="h-7 w-1/3 animate-pulse rounded bg-subtle" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-subtle" />
        </div>
      </div>
      <div className={`${card} h-40 animate-pulse`} />
    </div>
  );
}

const unit = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

/** Spec section 2: streak, best streak, likes, comments, views, avg words, longest story, public stories. */
function StatsBlock({ stats }: { stats: PublicStats }) {
  return (
    <section aria-labelledby="public-stats-heading" className={card} data-testid="public-stats">
      <h2 id="public-stats-heading" className="text-lg font-semibold text-fg">
        Stats
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatTile icon={Flame} label="Streak" value={formatNumber(stats.streak)} unit={unit(stats.streak, 'day')} testId="public-streak" />
        <StatTile icon={Trophy} label="Best Streak" value={formatNumber(stats.bestStreak)} unit={unit(stats.bestStreak, 'day')} testId="public-best-streak" />
        <StatTile icon={Heart} label="Likes" value={formatNumber(stats.likes)} testId="public-likes" />
        <StatTile icon={MessageCircle} label="Comments" value={formatNumber(stats.comments)} testId="public-comments" />
        <StatTile icon={Eye} label="Views" value={formatNumber(stats.views)} testId="public-views" />
        <StatTile icon={Sigma} label="Avg Words" value={formatNumber(stats.avgWords)} testId="public-avg-words" />
        <StatTile icon={Ruler} label="Longest Story" value={formatNumber(stats.longestStory)} unit={unit(stats.longestStory, 'word')} testId="public-longest" />
        <StatTile icon={Globe} label="Public Stories" value={formatNumber(stats.publicStories)} testId="public-count" />
        <StatTile icon={BadgeCheck} label="Perfect Drabbles" value={formatNumber(stats.perfectDrabbles)} testId="public-perfect-drabbles" />
      </dl>
    </section>
  );
}

function Identity({ profile, children }: { profile: PublicProfile; children: ReactNode }) {
  const realName = profile.name.trim();
  return (
    <section aria-labelledby="screen-heading" className={card} data-testid="public-identity">
      <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
        <Avatar person={profile} size="xl" />
        <div className="w-full min-w-0 flex-1">
          <h1 id="screen-heading" className="text-2xl font-bold break-words text-fg sm:text-3xl" data-testid="public-name">
            {profile.displayName}
          </h1>
          <p className="mt-0.5 font-medium break-all text-muted" data-testid="public-handle">
            {atHandle(profile.handle)}
          </p>
          {realName && realName !== profile.displayName && (
            <p className="mt-0.5 text-muted" data-testid="public-real-name">
              {realName}
            </p>
          )}
          {profile.pronouns && (
            <p className="mt-1 text-sm text-muted" data-testid="public-pronouns">
              {profile.pronouns}
            </p>
          )}
          {profile.aboutMe && (
            <p className="mt-3 break-words whitespace-pre-line text-fg" data-testid="public-about">
              {profile.aboutMe}
            </p>
          )}
          <ProfileLinks person={profile} className="mt-4 justify-center sm:justify-start" />
          {children}
        </div>
      </div>
    </section>
  );
}

/** /user/:uid. */
export function PublicProfileScreen() {
  const { uid = '' } = useParams();
  return <PublicProfileView uid={uid} />;
}

/**
 * A writer's public profile and public stories, with no owner or favourite actions; for a
 * signed-in visitor also the follow counts and buttons. A writer the visitor blocks keeps their
 * profile (to unblock) but not their stories. The screen of /user/:uid and of /@handle.
 */
export function PublicProfileView({ uid }: { uid: string }) {
  const { user } = useCurrentUser();
  const profile = useQuery(publicProfileQuery(uid));
  const relationship = useQuery(relationshipQuery(uid));
  const blocking = relationship.data?.blocking === true;
  const stories = usePagedList({ ...publicStoriesQuery(uid), enabled: profile.isSuccess && !blocking });
  // Follower counts and the stories' counts live, once the profile is known to be visible.
  useWatch(profile.isSuccess ? `profile:${uid}` : null);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) return <UserNotFound />;
  const { profile: person, stats } = profile.data;
  return (
    <div className="space-y-6">
      <title>{`${person.displayName} · Drabble`}</title>
      <Identity profile={person}>
        <ProfileSocial uid={uid} name={person.displayName} guest={user === null} self={user?.uid === uid} relationship={relationship.data} />
        <div className="mt-3 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 sm:justify-start">
          <FeedLink feed={writerFeed(person.uid, person.displayName)} />
          {user && user.uid !== uid && <ReportButton targetType="profile" targetId={uid} />}
        </div>
      </Identity>
      {!blocking && <BadgesSection uid={uid} />}
      {blocking ? (
        <BlockedNotice uid={uid} name={person.displayName} />
      ) : (
        <>
          <PublicStories stats={stats} name={person.displayName} list={stories} />
          <WriterSeries uid={uid} />
        </>
      )}
    </div>
  );
}

function PublicStories({ stats, name, list }: { stats: PublicStats; name: string; list: PagedList<StorySummary> }) {
  return (
    <>
      <StatsBlock stats={stats} />
      <section aria-labelledby="public-stories-heading">
        <h2 id="public-stories-heading" className="mb-4 text-xl font-bold text-fg" data-testid="public-stories-heading">
          Public Stories ({formatNumber(stats.publicStories)})
        </h2>
        <StoryGrid
          list={list}
          label={`${name}’s public stories`}
          showFavorite={false}
          showOwnerActions={false}
          empty={<EmptyState icon={<BookOpen aria-hidden className="size-6" />} title="No public stories yet." />}
        />
      </section>
    </>
  );
}
