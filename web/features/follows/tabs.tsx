import { useState } from 'react';
import { Check, Inbox, UserMinus, UserPlus, Users, UserRoundCheck, X } from 'lucide-react';
import { Link } from 'react-router';
import { SOCIAL_TEXTS, type WriterRow as Writer } from '@common/follows/follows';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { primaryButton, secondaryButton, textLink } from '../../components/ui';
import { usePagedList } from '../../lib/paged-list';
import { followersQuery, followingQuery, friendsQuery, requestsQuery, useAcceptRequest, useDeclineRequest, useRemoveFollower } from './api';
import { WriterRow } from './WriterRow';
import { WriterList } from './WriterList';

const small = 'px-3 py-1.5';

export function FriendsTab() {
  const list = usePagedList(friendsQuery());
  return (
    <WriterList
      list={list}
      label="Friends"
      empty={{
        icon: <Users aria-hidden className="size-6" />,
        title: 'No friends yet.',
        hint: 'When you and another writer follow each other, you become friends.',
      }}
    />
  );
}

export function FollowingTab({ uid }: { uid: string }) {
  const list = usePagedList(followingQuery(uid));
  return (
    <WriterList
      list={list}
      label="Following"
      empty={{ icon: <UserRoundCheck aria-hidden className="size-6" />, title: 'You are not following anyone yet.', hint: 'Find writers to follow in the Find writers tab.' }}
    />
  );
}

/** A follower can be removed: their follow ends, nothing is blocked and they are not told. */
function FollowerRow({ writer }: { writer: Writer }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveFollower();
  return (
    <>
      <WriterRow
        writer={writer}
        extra={
          <button type="button" className={`${secondaryButton} ${small}`} disabled={remove.isPending} onClick={() => setConfirming(true)} data-testid="remove-follower">
            <UserMinus aria-hidden className="size-4" />
            {SOCIAL_TEXTS.removeFollower}
            <span className="sr-only"> {writer.displayName}</span>
          </button>
        }
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={SOCIAL_TEXTS.removeFollower}
        description={`Remove ${writer.displayName} from your followers? They won't be told, and nothing is blocked.`}
        confirmLabel={SOCIAL_TEXTS.removeFollower}
        tone="danger"
        onConfirm={() => remove.mutate(writer.uid)}
      />
    </>
  );
}

export function FollowersTab({ uid }: { uid: string }) {
  const list = usePagedList(followersQuery(uid));
  return (
    <WriterList
      list={list}
      label="Followers"
      empty={{ icon: <UserPlus aria-hidden className="size-6" />, title: 'No followers yet.', hint: 'Writers who follow you appear here.' }}
      row={(writer) => <FollowerRow writer={writer} />}
    />
  );
}

function RequestActions({ writer }: { writer: Writer }) {
  const accept = useAcceptRequest();
  const decline = useDeclineRequest();
  const busy = accept.isPending || decline.isPending;
  return (
    <>
      <button type="button" className={`${primaryButton} ${small}`} disabled={busy} onClick={() => accept.mutate(writer.uid)} data-testid="accept-request">
        <Check aria-hidden className="size-4" />
        Accept<span className="sr-only"> {writer.displayName}</span>
      </button>
      <button type="button" className={`${secondaryButton} ${small}`} disabled={busy} onClick={() => decline.mutate(writer.uid)} data-testid="decline-request">
        <X aria-hidden className="size-4" />
        Decline<span className="sr-only"> {writer.displayName}</span>
      </button>
    </>
  );
}

/** Requests to follow me (approval on): accepting makes them a follower; declining is silent. */
export function RequestsTab() {
  const list = usePagedList(requestsQuery());
  return (
    <WriterList
      list={list}
      label="Follow requests"
      empty={{
        icon: <Inbox aria-hidden className="size-6" />,
        title: 'No follow requests.',
        hint: (
          <>
            New followers need your approval while it is on in{' '}
            <Link to="/settings" className={textLink}>
              Settings
            </Link>
            .
          </>
        ),
      }}
      row={(writer) => <WriterRow writer={writer} actions={<RequestActions writer={writer} />} />}
    />
  );
}
