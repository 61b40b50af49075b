import { z } from 'zod';
import { tagKey, type TagRef } from '@common/tags/tags';

const storedNames = z.array(z.string());

/** A story's tags from its stored `tagNames` (a JSON list; migration 0023), each with its key. */
export function tagsOfNames(stored: string): TagRef[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  const names = storedNames.safeParse(parsed);
  return names.success ? names.data.map((name) => ({ key: tagKey(name), name })) : [];
}
