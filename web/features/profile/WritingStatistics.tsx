import { useState } from 'react';
import { BadgeCheck, Eye, Flame, Globe, Heart, Lock, MessageCircle, RefreshCw, Ruler, Sigma, Target, Trophy } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { MyStatsResponse } from '@common/profile/profile';
import { card, secondaryButton } from '../../components/ui';
import { formatNumber } from '../../lib/format';
import { DailyGoalForm } from '../streaks';
import { linkButton, StatTile } from './fields';

const unit = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

function StatsSkeleton() {
  return (
    <div className="grid grid-cols-2 gap-3" aria-hidden data-testid="stats-loading">
      {Array.from({ length: 11 }, (_, i) => (
        <div key={i} className="h-16 animate-pulse rounded-lg bg-subtle" />
      ))}
    </div>
  );
}

/**
 * Spec section 2: Current Streak, Best Streak, Daily Goal (editable here), Total Likes,
 * Comments, Total Views, Avg Words/Story, Longest Story, the Public/Private counts and the
 * perfect drabbles,
 * as the server computed them. The goal shown is the record's, so it changes at once.
 */
export function WritingStatistics({ query, dailyGoal }: { query: UseQueryResult<MyStatsResponse>; dailyGoal: number }) {
  const [editingGoal, setEditingGoal] = useState(false);
  const stats = query.data?.stats;
  return (
    <section aria-labelledby="writing-stats-heading" className={card} data-testid="writing-stats">
      <h2 id="writing-stats-heading" className="text-lg font-semibold text-fg">
        Writing Statistics
      </h2>
      <div className="mt-4">
        {stats ? (
          <dl className="grid grid-cols-2 gap-3">
            <StatTile icon={Flame} label="Current Streak" value={formatNumber(stats.streak)} unit={unit(stats.streak, 'day')} testId="stat-streak" />
            <StatTile icon={Trophy} label="Best Streak" value={formatNumber(stats.bestStreak)} unit={unit(stats.bestStreak, 'day')} testId="stat-best-streak" />
            <StatTile icon={Target} label="Daily Goal" value={formatNumber(dailyGoal)} unit={unit(dailyGoal, 'word')} testId="stat-daily-goal">
              {editingGoal ? (
                <DailyGoalForm goal={dailyGoal} onDone={() => setEditingGoal(false)} className="mt-2" />
              ) : (
                <button type="button" className={linkButton} onClick={() => setEditingGoal(true)} data-testid="edit-daily-goal">
                  Edit<span className="sr-only"> daily goal</span>
                </button>
              )}
            </StatTile>
            <StatTile icon={Heart} label="Total Likes" value={formatNumber(stats.likes)} testId="stat-likes" />
            <StatTile icon={MessageCircle} label="Comments" value={formatNumber(stats.comments)} testId="stat-comments" />
            <StatTile icon={Eye} label="Total Views" value={formatNumber(stats.views)} testId="stat-views" />
            <StatTile icon={Sigma} label="Avg Words/Story" value={formatNumber(stats.avgWords)} testId="stat-avg-words" />
            <StatTile icon={Ruler} label="Longest Story" value={formatNumber(stats.longestStory)} unit={unit(stats.longestStory, 'word')} testId="stat-longest" />
            <StatTile icon={Globe} label="Public" value={formatNumber(stats.publicStories)} unit={unit(stats.publicStories, 'story', 'stories')} testId="stat-public" />
            <StatTile icon={Lock} label="Private" value={formatNumber(stats.privateStories)} unit={unit(stats.privateStories, 'story', 'stories')} testId="stat-private" />
            <StatTile icon={BadgeCheck} label="Perfect Drabbles" value={formatNumber(stats.perfectDrabbles)} unit={unit(stats.perfectDrabbles, 'story', 'stories')} testId="stat-perfect-drabbles" />
          </dl>
        ) : query.isError ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
            <p>Your statistics could not be loaded.</p>
            <button type="button" className={`${secondaryButton} mt-3 px-3 py-1.5`} onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden className="size-4" />
              Try again
            </button>
          </div>
        ) : (
          <StatsSkeleton />
        )}
      </div>
    </section>
  );
}
