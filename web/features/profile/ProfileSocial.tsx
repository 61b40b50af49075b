import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import type { Relationship } from '@common/follows/follows';
import { secondaryButton } from '../../components/ui';
import { formatNumber } from '../../lib/format';
import { loginPathFor } from '../../lib/safe-next';
import { ProfileActions } from '../follows';

/** 'N followers' / 'N following' under the name. */
function Counts({ relationship }: { relationship: Relationship }) {
  const followers = relationship.followersCount;
  return (
    <p className="flex justify-center gap-4 text-sm text-muted sm:justify-start" data-testid="follow-counts">
      <span data-testid="followers-count">
        <strong className="font-semibold text-fg">{formatNumber(followers)}</strong> {followers === 1 ? 'follower' : 'followers'}
      </span>
      <span data-testid="following-count">
        <strong className="font-semibold text-fg">{formatNumber(relationship.followingCount)}</strong> following
      </span>
    </p>
  );
}

interface ProfileSocialProps {
  uid: string;
  name: string;
  /** Signed out: the way to log in and come back here. */
  guest: boolean;
  /** The writer's own profile: counts, no buttons. */
  self: boolean;
  relationship: Relationship | undefined;
}

/** The follow counts and, for someone else's profile, what the visitor can do about this writer. */
export function ProfileSocial({ uid, name, guest, self, relationship }: ProfileSocialProps) {
  return (
    <div className="mt-4 space-y-3">
      {relationship ? <Counts relationship={relationship} /> : <div className="h-5" aria-hidden />}
      {guest ? (
        <Link to={loginPathFor(`/user/${uid}`)} className={secondaryButton} data-testid="login-to-follow">
          <LogIn aria-hidden className="size-4" />
          Log in to follow
        </Link>
      ) : (
        relationship && !self && !relationship.blocking && <ProfileActions relationship={relationship} name={name} />
      )}
    </div>
  );
}
