/**
 * Test helper: addresses under `blocked.test` that a strict domain check cannot read (a label
 * ending in a hyphen, two of them, a label over 63 characters): blocking `blocked.test` must
 * still keep each of them out.
 */
export const HOSTILE_BLOCKED_ADDRESSES = ['a@x-.blocked.test', 'a@x--.blocked.test', `a@${'x'.repeat(64)}.blocked.test`] as const;
