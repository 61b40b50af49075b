import { useEffect, useRef, type ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { BADGES, earnedText, type BadgeId } from '@common/badges/badges';
import { card, secondaryButton } from '../../components/ui';
import { unreadNotificationsQuery } from '../../lib/unread-counts';
import { myBadgesQuery, userBadgesQuery } from './api';
import { BADGE_ICONS } from './icons';

interface ShownBadge {
  id: BadgeId;
  name: string;
  description: string;
  earnedAt: string | null;
}

function BadgeItem({ badge }: { badge: ShownBadge }) {
  const Icon = BADGE_ICONS[badge.id];
  const earned = badge.earnedAt !== null;
  return (
    <li
      className={`flex items-start gap-3 rounded-lg p-3 ${earned ? 'bg-subtle' : 'border border-dashed border-line'}`}
      data-testid="badge"
      data-badge={badge.id}
      data-earned={earned}
    >
      <span
        aria-hidden
        className={`grid size-10 shrink-0 place-items-center rounded-full ${earned ? 'bg-accent-soft text-accent-soft-ink' : 'bg-subtle text-muted opacity-70'}`}
      >
        <Icon className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className={`block font-semibold break-words ${earned ? 'text-fg' : 'text-muted'}`} data-testid="badge-name">
          {badge.name}
        </span>
        {badge.earnedAt !== null ? (
          <time dateTime={badge.earnedAt} className="mt-0.5 block text-sm text-muted" data-testid="badge-earned">
            {earnedText(badge.earnedAt)}
          </time>
        ) : (
          <span className="mt-0.5 block text-sm text-muted">
            <span className="sr-only">Locked: </span>
            {badge.description}
          </span>
        )}
      </span>
      {!earned && <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />}
    </li>
  );
}

const grid = 'grid grid-cols-1 gap-3 sm:grid-cols-2';

function Section({ children, subtitle }: { children: ReactNode; subtitle?: string }) {
  return (
    <section aria-labelledby="badges-heading" className={card} data-testid="badges">
      <h2 id="badges-heading" className="text-lg font-semibold text-fg">
        Badges
      </h2>
      {subtitle && <p className="mt-0.5 text-sm text-muted">{subtitle}</p>}
      {children}
    </section>
  );
}

/**
 * The writer's own badges: the earned ones with their dates, then the locked ones dimmed,
 * each with how to earn it. A badge arrives with a notification, so when the bell's count
 * changes (a live `bell.changed` writes it) the list is fetched again.
 */
function MyBadges() {
  const query = useQuery(myBadgesQuery);
  // Reads the bell's count from the cache without fetching it again.
  const bell = useQuery({ ...unreadNotificationsQuery, enabled: false });
  const seen = useRef(bell.dataUpdatedAt);
  const { refetch } = query;
  useEffect(() => {
    if (bell.dataUpdatedAt === seen.current) return;
    seen.current = bell.dataUpdatedAt;
    void refetch();
  }, [bell.dataUpdatedAt, refetch]);

  if (query.isPending) {
    return (
      <Section>
        <div className={`${grid} mt-4`} aria-hidden data-testid="badges-loading">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="h-16 animate-pulse rounded-lg bg-subtle" />
          ))}
        </div>
      </Section>
    );
  }
  if (query.isError) {
    return (
      <Section>
        <div role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          <p>Your badges could not be loaded.</p>
          <button type="button" className={`${secondaryButton} mt-3 px-3 py-1.5`} onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      </Section>
    );
  }
  const earned = query.data.badges.filter((b) => b.earnedAt !== null);
  const locked = query.data.badges.filter((b) => b.earnedAt === null);
  return (
    <Section subtitle={`${earned.length} of ${BADGES.length} earned`}>
      {earned.length > 0 && (
        <ul className={`${grid} mt-4`} aria-label="Earned badges" data-testid="badges-earned">
          {earned.map((b) => (
            <BadgeItem key={b.id} badge={b} />
          ))}
        </ul>
      )}
      {locked.length > 0 && (
        <>
          <h3 className="mt-5 text-sm font-semibold text-muted">Still to earn</h3>
          <ul className={`${grid} mt-2`} aria-label="Badges still to earn" data-testid="badges-locked">
            {locked.map((b) => (
              <BadgeItem key={b.id} badge={b} />
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

/** Someone's earned badges on their public profile; nothing at all while they have none. */
function TheirBadges({ uid }: { uid: string }) {
  const query = useQuery(userBadgesQuery(uid));
  const badges = query.data?.badges ?? [];
  if (badges.length === 0) return null;
  return (
    <Section>
      <ul className={`${grid} mt-4 lg:grid-cols-3`} data-testid="badges-earned">
        {badges.map((b) => (
          <BadgeItem key={b.id} badge={b} />
        ))}
      </ul>
    </Section>
  );
}

/** Badges on a profile: `own` on My Profile (locked ones too), else the public profile's earned ones. */
export function BadgesSection({ uid, own = false }: { uid: string; own?: boolean }) {
  return own ? <MyBadges /> : <TheirBadges uid={uid} />;
}
