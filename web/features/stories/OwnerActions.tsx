import { useState } from 'react';
import { Globe, Lock, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { StoryPermissions } from '@common/stories/story';
import { focusRing, secondaryButton } from '../../components/ui';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useDeleteStory, useSetVisibility } from './api/mutations';

/** Spec section 5: the confirm texts, word for word. */
export const CONFIRM_TEXTS = {
  delete: 'Are you sure you want to delete this story? This action cannot be undone.',
  makePublic: 'Make this story public? Anyone will be able to read it.',
  makePrivate: 'Make this story private? Only you will be able to see it.',
} as const;

interface OwnerActionsProps {
  story: { id: string; title: string; public: boolean; permissions: StoryPermissions };
  /** 'icons' on cards, labelled buttons on the story page. */
  variant?: 'icons' | 'buttons';
  onDeleted?: () => void;
}

const iconAction = `inline-flex size-9 items-center justify-center rounded-md text-muted hover:bg-subtle hover:text-fg ${focusRing}`;

/** Edit, make public/private and delete, each shown only when the server allows it. */
export function OwnerActions({ story, variant = 'icons', onDeleted }: OwnerActionsProps) {
  const [confirm, setConfirm] = useState<'delete' | 'visibility' | null>(null);
  const setVisibility = useSetVisibility();
  const deleteStory = useDeleteStory();
  const { permissions } = story;
  if (!permissions.edit && !permissions.changeVisibility && !permissions.delete) return null;

  const makePublic = !story.public;
  const visibilityLabel = makePublic ? 'Make public' : 'Make private';
  const VisibilityIcon = makePublic ? Globe : Lock;
  const button = variant === 'icons' ? iconAction : secondaryButton;
  // Icon buttons on a card name the story too: a list of cards has many "Delete" buttons.
  const label = (text: string) => (variant === 'icons' ? null : text);
  const a11y = (text: string) => (variant === 'icons' ? { 'aria-label': `${text}: ${story.title}`, title: text } : {});

  return (
    <div className="flex flex-wrap items-center gap-1" data-testid="owner-actions">
      {permissions.edit && (
        <Link to={`/story/${story.id}/edit`} className={button} data-testid="edit-story" {...a11y('Edit')}>
          <Pencil aria-hidden className="size-4" />
          {label('Edit')}
        </Link>
      )}
      {permissions.changeVisibility && (
        <button
          type="button"
          className={button}
          onClick={() => setConfirm('visibility')}
          disabled={setVisibility.isPending}
          data-testid="toggle-visibility"
          {...a11y(visibilityLabel)}
        >
          <VisibilityIcon aria-hidden className="size-4" />
          {label(visibilityLabel)}
        </button>
      )}
      {permissions.delete && (
        <button
          type="button"
          className={`${button} hover:text-red-700 dark:hover:text-red-300`}
          onClick={() => setConfirm('delete')}
          disabled={deleteStory.isPending}
          data-testid="delete-story"
          {...a11y('Delete')}
        >
          <Trash2 aria-hidden className="size-4" />
          {label('Delete')}
        </button>
      )}
      <ConfirmDialog
        open={confirm === 'visibility'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={makePublic ? 'Make story public' : 'Make story private'}
        description={makePublic ? CONFIRM_TEXTS.makePublic : CONFIRM_TEXTS.makePrivate}
        confirmLabel={visibilityLabel}
        onConfirm={() => setVisibility.mutate({ id: story.id, makePublic })}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Delete story"
        description={CONFIRM_TEXTS.delete}
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => deleteStory.mutate(story.id, { onSuccess: () => onDeleted?.() })}
      />
    </div>
  );
}
