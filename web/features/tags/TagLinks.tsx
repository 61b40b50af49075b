import { Hash } from 'lucide-react';
import { Link } from 'react-router';
import { type TagRef } from '@common/tags/tags';
import { tagPath } from '@common/tags/rules';
import { focusRing } from '../../components/ui';

/** A story's tags as links to their pages (/tag/<key>), each shown as first written. */
export function TagLinks({ tags, className = '' }: { tags: readonly TagRef[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-1.5 ${className}`} data-testid="story-tags">
      {tags.map((tag) => (
        <li key={tag.key}>
          <Link
            to={tagPath(tag.key)}
            className={`relative z-10 inline-flex items-center gap-0.5 rounded-full bg-accent-soft px-2.5 py-0.5 text-xs font-medium text-accent-soft-ink hover:underline ${focusRing}`}
            data-testid="tag-link"
          >
            <Hash aria-hidden className="size-3" />
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
