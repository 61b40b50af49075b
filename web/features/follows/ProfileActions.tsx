import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BellOff, BellRing, Ban, ChevronRight, Ellipsis, MessageCircle, MessageCircleOff } from 'lucide-react';
import { Link } from 'react-router';
import { MUTE_DURATIONS, MUTE_DURATION_LABELS, SOCIAL_TEXTS, type Relationship } from '@common/follows/follows';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { iconButton, secondaryButton } from '../../components/ui';
import { dangerMenuItem, menuItem, menuPanel } from '../../components/menu';
import { formatDateTime } from '../../lib/format';
import { canMessageQuery } from '../messages';
import { useBlock, useMute, useUnblock, useUnmute } from './api';
import { FollowButton } from './FollowButton';

interface ProfileActionsProps {
  relationship: Relationship;
  /** Their display name, for the menu's and the dialog's wording. */
  name: string;
}

export const blockQuestion = (name: string) => `Block ${name}? They won't be able to see your stories or follow you, and you won't see theirs.`;

function MutedNote({ relationship }: { relationship: Relationship }) {
  if (!relationship.muted) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-subtle px-2.5 py-1 text-xs font-medium text-muted" data-testid="muted-note">
      <BellOff aria-hidden className="size-3.5" />
      {relationship.mutedUntil ? `Muted until ${formatDateTime(relationship.mutedUntil)}` : 'Muted'}
    </span>
  );
}

/** "More" on a profile: mute for a while or unmute, block (after a question) or unblock. */
function MoreMenu({ relationship, name }: ProfileActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const block = useBlock();
  const mute = useMute();
  const unmute = useUnmute();
  const { uid } = relationship;
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger aria-label={`More actions for ${name}`} className={`${iconButton} border border-line`} data-testid="profile-more">
          <Ellipsis aria-hidden className="size-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className={menuPanel}>
            {relationship.muted ? (
              <DropdownMenu.Item className={menuItem} onSelect={() => unmute.mutate({ uid, name })}>
                <BellRing aria-hidden className="size-4" />
                {SOCIAL_TEXTS.unmute}
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Sub>
                <DropdownMenu.SubTrigger className={menuItem} data-testid="mute-menu">
                  <BellOff aria-hidden className="size-4" />
                  {SOCIAL_TEXTS.mute}
                  <ChevronRight aria-hidden className="ml-auto size-4 text-muted" />
                </DropdownMenu.SubTrigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.SubContent sideOffset={4} collisionPadding={8} className={menuPanel}>
                    {MUTE_DURATIONS.map((duration) => (
                      <DropdownMenu.Item key={duration} className={menuItem} onSelect={() => mute.mutate({ uid, name, duration })}>
                        {MUTE_DURATION_LABELS[duration]}
                      </DropdownMenu.Item>
                    ))}
                  </DropdownMenu.SubContent>
                </DropdownMenu.Portal>
              </DropdownMenu.Sub>
            )}
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <DropdownMenu.Item className={dangerMenuItem} onSelect={() => setConfirming(true)}>
              <Ban aria-hidden className="size-4" />
              {SOCIAL_TEXTS.block}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Block writer"
        description={blockQuestion(name)}
        confirmLabel={SOCIAL_TEXTS.block}
        tone="danger"
        onConfirm={() => block.mutate({ uid, name })}
      />
    </>
  );
}

/**
 * Message, asked of the server first (the same answer the composer gets): shown when it leads
 * somewhere (a first message may be sent, or there is our conversation to open); otherwise the
 * reason in words instead of a button that could only lead to a refusal. Nothing while asking.
 */
function useMessageAction(uid: string) {
  const { data } = useQuery(canMessageQuery(uid));
  if (!data) return { button: false, reason: null };
  const button = data.canMessage || data.conversationId !== null;
  return { button, reason: button ? null : data.reason };
}

/** A profile's buttons for a signed-in visitor: follow, Message (or why not) and More. */
export function ProfileActions({ relationship, name }: ProfileActionsProps) {
  const message = useMessageAction(relationship.uid);
  return (
    <>
      <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start" data-testid="profile-actions">
        <FollowButton state={relationship} name={name} />
        {message.button && (
          <Link to={`/messages?to=${encodeURIComponent(relationship.uid)}`} className={secondaryButton} data-testid="message-button">
            <MessageCircle aria-hidden className="size-4" />
            {SOCIAL_TEXTS.message}
          </Link>
        )}
        <MoreMenu relationship={relationship} name={name} />
        <MutedNote relationship={relationship} />
      </div>
      {message.reason && (
        <p className="flex items-center justify-center gap-1.5 text-sm text-muted sm:justify-start" data-testid="message-unavailable">
          <MessageCircleOff aria-hidden className="size-4 shrink-0" />
          {message.reason}
        </p>
      )}
    </>
  );
}

/** In place of a blocked writer's stories: what the blocker sees, and the way back. */
export function BlockedNotice({ uid, name }: { uid: string; name: string }) {
  const unblock = useUnblock();
  return (
    <div className="rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center" data-testid="blocked-notice">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-soft-ink">
        <Ban aria-hidden className="size-6" />
      </div>
      <p className="mt-4 font-semibold text-fg">{SOCIAL_TEXTS.youBlocked}</p>
      <p className="mt-1 text-sm text-muted">Neither of you can see the other’s stories or follow each other.</p>
      <button type="button" className={`${secondaryButton} mt-4`} disabled={unblock.isPending} onClick={() => unblock.mutate({ uid, name })}>
        {SOCIAL_TEXTS.unblock}
      </button>
    </div>
  );
}
