import { useQuery } from '@tanstack/react-query';
import { Hash, X } from 'lucide-react';
import { Link } from 'react-router';
import { TAG_TEXTS, tagPath } from '@common/tags/rules';
import { iconButton, textLink } from '../../components/ui';
import { LoadError } from '../../components/LoadError';
import { invalidateAll, useApiMutation } from '../../lib/mutation';
import { followedTagsQuery, keysAfterFollow, setTagFollow } from '../tags';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsSection } from './SettingsSection';

/** /settings, Followed tags: the tags whose stories come into the reader's feed, each removable. */
export function FollowedTagsSection() {
  const query = useQuery(followedTagsQuery());
  const unfollow = useApiMutation({
    request: (tag: { key: string; name: string }) => setTagFollow(tag.key, false),
    success: (_result, tag) => `Stopped following #${tag.name}`,
    onSuccess: (_result, tag, queryClient) => invalidateAll(queryClient, keysAfterFollow(tag.key)),
  });
  return (
    <SettingsSection {...SETTINGS_SECTIONS.followedTags} testId="settings-followed-tags">
      {query.isPending ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : query.isError ? (
        <LoadError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted">{TAG_TEXTS.followedEmpty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="followed-tags">
          {query.data.map((tag) => (
            <li key={tag.key} className="flex items-center justify-between gap-3 py-2">
              <Link to={tagPath(tag.key)} className={`inline-flex items-center gap-1 ${textLink}`}>
                <Hash aria-hidden className="size-4" />
                {tag.name}
              </Link>
              <span className="ml-auto text-sm text-muted">{TAG_TEXTS.storyCount(tag.storyCount)}</span>
              <button type="button" className={iconButton} aria-label={`${TAG_TEXTS.unfollow} #${tag.name}`} disabled={unfollow.isPending} onClick={() => unfollow.mutate(tag)}>
                <X aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
