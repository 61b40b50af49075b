/** A clock a test moves by hand, for code that takes `now: () => number`. */
export function testClock(start = 1_000_000): { now: () => number; advance: (ms: number) => number } {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}
