import { randomPrompt } from '@common/prompts/prompts';
import type { StoryCreateInput } from '@common/stories/story';

/**
 * Data builders shared by the API tests and the benchmark seed: plausible stories with
 * random words, so tests never depend on each other's data.
 */
export const WORDS = [
  'the', 'a', 'and', 'of', 'to', 'in', 'was', 'she', 'he', 'it', 'that', 'her', 'his', 'they', 'with', 'on', 'at',
  'night', 'door', 'light', 'window', 'river', 'letter', 'clock', 'shadow', 'garden', 'station', 'lantern', 'mirror',
  'storm', 'silence', 'kitchen', 'stranger', 'mother', 'father', 'sister', 'brother', 'child', 'ghost', 'robot',
  'dragon', 'captain', 'signal', 'harbour', 'forest', 'memory', 'winter', 'summer', 'morning', 'evening', 'key',
  'photograph', 'bridge', 'island', 'engine', 'violin', 'library', 'map', 'compass', 'orchard', 'lighthouse', 'moon',
  'walked', 'whispered', 'remembered', 'forgot', 'opened', 'closed', 'waited', 'listened', 'smiled', 'burned',
  'found', 'lost', 'carried', 'watched', 'answered', 'fell', 'rose', 'ran', 'turned', 'knew', 'wanted', 'kept',
  'quiet', 'broken', 'golden', 'distant', 'small', 'ancient', 'empty', 'bright', 'cold', 'warm', 'strange', 'last',
  'slowly', 'again', 'never', 'always', 'almost', 'softly', 'suddenly', 'finally', 'nowhere', 'tomorrow',
] as const;

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)]!;
}

/** `count` random words as sentences and paragraphs. */
export function randomText(count: number, random: () => number = Math.random): string {
  const sentences: string[] = [];
  let left = count;
  while (left > 0) {
    const length = Math.min(left, 4 + Math.floor(random() * 12));
    const words = Array.from({ length }, () => pick(WORDS, random));
    sentences.push(`${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`);
    left -= length;
  }
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += 4) paragraphs.push(sentences.slice(i, i + 4).join(' '));
  return paragraphs.join('\n\n');
}

export function randomTitle(random: () => number = Math.random): string {
  const title = Array.from({ length: 2 + Math.floor(random() * 4) }, () => pick(WORDS, random)).join(' ');
  return title.replace(/^./, (c) => c.toUpperCase());
}

/** A valid POST /api/stories body: a drabble-length story (about 100 words) with a prompt. */
export function buildStoryInput(overrides: Partial<StoryCreateInput> = {}, random: () => number = Math.random): StoryCreateInput {
  return {
    title: randomTitle(random),
    content: randomText(60 + Math.floor(random() * 80), random),
    prompt: randomPrompt(random),
    public: false,
    ...overrides,
  };
}
