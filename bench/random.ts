/** A small seeded PRNG (mulberry32), so every benchmark run seeds the same data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SYLLABLES = ['zor', 'vak', 'mel', 'tri', 'qua', 'nox', 'bel', 'fin', 'dra', 'lum', 'osk', 'pyr', 'wen', 'thal', 'ix', 'ru'];

/** Made-up words, each rare in the seeded stories: searches for something specific. */
export function rareWords(count: number, random: () => number): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    const length = 2 + Math.floor(random() * 2);
    words.add(Array.from({ length }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}
