import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Clock, UserMinus, UserPlus, UserRoundCheck, Users, X } from 'lucide-react';
import { SOCIAL_TEXTS, followButtonLabel, type Relationship } from '@common/follows/follows';
import { primaryButton, secondaryButton } from '../../components/ui';
import { menuItem, menuPanel } from '../../components/menu';
import { useFollow, useUnfollow } from './api';

export type FollowState = Pick<Relationship, 'uid' | 'following' | 'followedBy' | 'requested' | 'friends'>;

interface FollowButtonProps {
  state: FollowState;
  /** Their display name: lists (size sm) add it to the button's name, where many buttons read alike. */
  name: string;
  size?: 'sm' | 'md';
}

const small = 'px-3 py-1.5';

/**
 * Follow / Follow back send the follow (or the request, when they approve followers);
 * Following, Friends and Requested open a menu to undo it, so one slip never unfollows.
 */
export function FollowButton({ state, name, size = 'md' }: FollowButtonProps) {
  const follow = useFollow();
  const unfollow = useUnfollow();
  const label = followButtonLabel(state);
  const busy = follow.isPending || unfollow.isPending;
  const sizing = size === 'sm' ? small : '';
  const whose = size === 'sm' ? <span className="sr-only"> {name}</span> : null;
  // Rows on a phone need the room for the writer's name more than the icon.
  const iconClass = size === 'sm' ? 'hidden size-4 sm:block' : 'size-4';
  const cancelsRequest = state.requested && !state.following;

  if (!state.following && !state.requested) {
    return (
      <button
        type="button"
        className={`${primaryButton} ${sizing}`}
        disabled={busy}
        onClick={() => follow.mutate(state.uid)}
        data-testid="follow-button"
        data-label={label}
      >
        <UserPlus aria-hidden className={iconClass} />
        {label}
        {whose}
      </button>
    );
  }

  const Icon = state.friends ? Users : state.requested ? Clock : UserRoundCheck;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={`${secondaryButton} ${sizing}`}
        disabled={busy}
        data-testid="follow-button"
        data-label={label}
      >
        <Icon aria-hidden className={iconClass} />
        {label}
        {whose}
        <ChevronDown aria-hidden className="size-4 text-muted" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className={menuPanel}>
          <DropdownMenu.Item className={menuItem} onSelect={() => unfollow.mutate(state.uid)} data-testid="unfollow">
            {cancelsRequest ? <X aria-hidden className="size-4" /> : <UserMinus aria-hidden className="size-4" />}
            {cancelsRequest ? 'Cancel request' : SOCIAL_TEXTS.unfollow}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
