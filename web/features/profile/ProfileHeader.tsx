import { BookOpen, CalendarDays, Eye, Flame, Heart } from 'lucide-react';
import type { WritingStats } from '@common/profile/profile';
import type { UserRecord } from '@common/me/user';
import { card } from '../../components/ui';
import { formatDate, formatNumber } from '../../lib/format';
import { AvatarUploader } from './AvatarUploader';
import { StatTile } from './fields';
import { ProfileLinks } from './links';

const days = (n: number) => (n === 1 ? 'day' : 'days');

/** Quick Stats: Current Streak, Stories, Likes, Views. */
export function QuickStats({ stats }: { stats: WritingStats | undefined }) {
  const show = (n: number | undefined) => (n === undefined ? '–' : formatNumber(n));
  return (
    <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Quick Stats" data-testid="quick-stats">
      <StatTile icon={Flame} label="Current Streak" value={show(stats?.streak)} unit={stats ? days(stats.streak) : undefined} testId="quick-streak" />
      <StatTile icon={BookOpen} label="Stories" value={show(stats?.stories)} testId="quick-stories" />
      <StatTile icon={Heart} label="Likes" value={show(stats?.likes)} testId="quick-likes" />
      <StatTile icon={Eye} label="Views" value={show(stats?.views)} testId="quick-views" />
    </dl>
  );
}

/** Avatar, name (email as fallback), pronouns, join date, location, website and Quick Stats. */
export function ProfileHeader({ user, stats }: { user: UserRecord; stats: WritingStats | undefined }) {
  return (
    <section aria-labelledby="screen-heading" className={card} data-testid="profile-header">
      <div className="flex flex-col items-center gap-6 sm:flex-row sm:items-start">
        <AvatarUploader user={user} />
        <div className="w-full min-w-0 flex-1">
          <div className="text-center sm:text-left">
            <h1 id="screen-heading" className="text-2xl font-bold break-words text-fg sm:text-3xl" data-testid="profile-name">
              {user.displayName?.trim() || user.email}
            </h1>
            {user.pronouns && (
              <p className="mt-1 text-muted" data-testid="header-pronouns">
                {user.pronouns}
              </p>
            )}
          </div>
          <div className="mt-3 flex flex-wrap justify-center gap-x-4 gap-y-1.5 text-sm text-muted sm:justify-start">
            <p className="inline-flex items-center gap-1.5" data-testid="join-date">
              <CalendarDays aria-hidden className="size-4 shrink-0" />
              Joined <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
            </p>
            <ProfileLinks person={user} socials={false} className="justify-center sm:justify-start" />
          </div>
          <QuickStats stats={stats} />
        </div>
      </div>
    </section>
  );
}
