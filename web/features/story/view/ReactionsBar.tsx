import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REACTIONS, reactionResponseSchema, type ReactionKind, type Story } from '@common/story';
import { apiFetch } from '../../../lib/api';
import { focusRing } from '../../../app/ui';
import { useToast } from '../../../app/toasts/toast-context';
import { storyKeys } from '../../stories/api/keys';
import { formatNumber } from '../../stories/format';

/**
 * The fixed set of reactions with their counts; each toggles the reader's own. The count
 * moves at once and settles on the server's figures when it answers.
 */
export function ReactionsBar({ story }: { story: Story }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const key = storyKeys.detail(story.id);
  const mutation = useMutation({
    mutationFn: ({ kind, add }: { kind: ReactionKind; add: boolean }) =>
      apiFetch(`/api/stories/${encodeURIComponent(story.id)}/reactions/${kind}`, { method: add ? 'PUT' : 'DELETE', schema: reactionResponseSchema }),
    onMutate: async ({ kind, add }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Story>(key);
      if (before) {
        const mine = add ? [...before.reactions.mine, kind] : before.reactions.mine.filter((k) => k !== kind);
        const counts = { ...before.reactions.counts, [kind]: Math.max(0, before.reactions.counts[kind] + (add ? 1 : -1)) };
        queryClient.setQueryData<Story>(key, { ...before, likesCount: before.likesCount + (add ? 1 : -1), reactions: { counts, mine } });
      }
      return { before };
    },
    onSuccess: ({ reactions, likesCount }) => {
      const current = queryClient.getQueryData<Story>(key);
      if (current) queryClient.setQueryData<Story>(key, { ...current, reactions, likesCount });
    },
    onError: (error, _vars, context) => {
      console.error('Could not save the reaction', error);
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast('Could not save your reaction. Please try again.', 'error');
    },
  });

  const canReact = story.permissions.react;
  return (
    <section aria-label="Reactions" data-tutorial="story-reactions" data-testid="reactions-bar">
      <div className="flex flex-wrap gap-2">
        {REACTIONS.map(({ kind, emoji, label }) => {
          const mine = story.reactions.mine.includes(kind);
          const count = story.reactions.counts[kind];
          return (
            <button
              key={kind}
              type="button"
              aria-pressed={mine}
              aria-label={`${label}: ${formatNumber(count)}`}
              title={label}
              disabled={!canReact || mutation.isPending}
              onClick={() => mutation.mutate({ kind, add: !mine })}
              data-testid={`reaction-${kind}`}
              className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium tabular-nums transition disabled:cursor-not-allowed ${focusRing} ${
                mine ? 'border-accent-600 bg-accent-soft text-accent-soft-ink' : 'border-line bg-surface text-fg enabled:hover:bg-subtle'
              } ${!canReact ? 'opacity-70' : ''}`}
            >
              <span aria-hidden className="text-base leading-none">
                {emoji}
              </span>
              <span data-testid={`reaction-count-${kind}`}>{formatNumber(count)}</span>
            </button>
          );
        })}
      </div>
      {!canReact && (
        <p className="mt-2 text-xs text-muted">{story.public ? 'Sign in to react.' : 'Readers can react once you make the story public.'}</p>
      )}
    </section>
  );
}
