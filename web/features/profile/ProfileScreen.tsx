import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UserRecord } from '@common/me/user';
import { useToast } from '../../components/toasts/toast-context';
import { useCurrentUser } from '../../lib/auth';
import { reportFailure } from '../../lib/report-error';
import { useWatch } from '../../lib/watch';
import { myStatsQuery, STATS_FAILURE, useSaveProfileIcon } from './api';
import { GuestProfile } from './GuestProfile';
import { IconPicker } from './IconPicker';
import { ProfileHeader } from './ProfileHeader';
import { ProfileInfo } from './ProfileInfo';
import { RecentActivity } from './RecentActivity';
import { WritingStatistics } from './WritingStatistics';
import { WritingCalendar } from '../calendar';
import { PersonalChallenges } from '../challenges';
import { BadgesSection } from '../badges';
import { StreakFreezesSection } from '../streaks';

/** /profile: reachable signed out, where it asks the visitor to log in (spec section 2). */
export function ProfileScreen() {
  const { user } = useCurrentUser();
  return user ? <MyProfile user={user} /> : <GuestProfile />;
}

function MyProfile({ user }: { user: UserRecord }) {
  const stats = useQuery(myStatsQuery);
  // Reactions and comments on the writer's public stories refresh the totals here.
  useWatch(`profile:${user.uid}`);
  const saveIcon = useSaveProfileIcon();
  const { toast } = useToast();

  // Spec section 8: a failed load toasts and logs once per failure.
  const { isError, error, errorUpdatedAt } = stats;
  useEffect(() => {
    if (!isError) return;
    toast(STATS_FAILURE, 'error');
    reportFailure(STATS_FAILURE, error, 'profile_stats_loaded');
  }, [isError, error, errorUpdatedAt, toast]);

  return (
    <div className="space-y-6">
      <title>My Profile · Drabble</title>
      <ProfileHeader user={user} stats={stats.data?.stats} />
      {/* grid-cols-1 (minmax(0, 1fr)) and min-w-0: a long unbroken title or word must not widen the page. */}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <ProfileInfo user={user} />
          <WritingCalendar />
          <PersonalChallenges />
          <BadgesSection uid={user.uid} own />
          <IconPicker
            current={user.profileIcon}
            save={(profileIcon) => saveIcon.mutateAsync({ profileIcon })}
            saving={saveIcon.isPending}
            note={user.profileImage ? 'Your photo is shown while you have one; this icon is used when you remove it.' : 'Shown as your avatar across Drabble.'}
          />
        </div>
        <div className="min-w-0 space-y-6">
          <WritingStatistics query={stats} dailyGoal={user.dailyGoal} />
          <StreakFreezesSection />
          <RecentActivity recent={stats.data?.recent} />
        </div>
      </div>
    </div>
  );
}
