import { type Story } from '@common/stories/story';
import { REACTIONS } from '@common/stories/rules';
import { focusRing } from '../../../components/ui';
import { formatNumber } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/auth';
import { useToggleReaction } from '../api/story';
import { LoginLink } from './LoginLink';
import { ReactionGlyph } from './ReactionGlyph';

/**
 * The fixed set of reactions with their counts; each toggles the reader's own. The count
 * moves at once and settles on the server's figures when it answers.
 */
export function ReactionsBar({ story }: { story: Story }) {
  const mutation = useToggleReaction(story.id);
  const { user } = useCurrentUser();
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
              <ReactionGlyph kind={kind} emoji={emoji} />
              <span data-testid={`reaction-count-${kind}`}>{formatNumber(count)}</span>
            </button>
          );
        })}
      </div>
      {!canReact &&
        (user ? (
          !story.public && <p className="mt-2 text-xs text-muted">Readers can react once you make the story public.</p>
        ) : (
          <p className="mt-3">
            <LoginLink testId="login-to-react">Log in to react</LoginLink>
          </p>
        ))}
    </section>
  );
}
