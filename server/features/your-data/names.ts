/** File names in an export: plain ASCII, so every unzip tool and file system takes them as they are. */
import { slugify } from '../../shared/slugify';

/** `20260124` (UTC). */
export const compactDay = (at: Date) => at.toISOString().slice(0, 10).replace(/-/g, '');

/** `drabble-<name>-<yyyymmdd>.zip`; a name with no ASCII letters or digits becomes "writer". */
export function exportFileName(name: string, at: Date): string {
  return `drabble-${slugify(name, 40) || 'writer'}-${compactDay(at)}.zip`;
}

/**
 * `stories/<yyyy-mm-dd>-<slug>.md` for each story in turn: the day it was written and its title;
 * a name already taken gets `-2`, `-3`… so two stories never overwrite each other.
 */
export function storyFileNamer(): (story: { title: string; created_at: string }) => string {
  const taken = new Set<string>();
  return (story) => {
    const stem = `${story.created_at.slice(0, 10)}-${slugify(story.title) || 'story'}`;
    let name = `stories/${stem}.md`;
    for (let n = 2; taken.has(name); n++) name = `stories/${stem}-${n}.md`;
    taken.add(name);
    return name;
  };
}
