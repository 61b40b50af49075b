/**
 * A word-level diff of two texts, for a story version compared with the current text.
 *
 * The texts are cut into words and the whitespace between them (so line breaks survive), and
 * the longest common subsequence of those pieces is kept; everything else is removed (only in
 * `from`) or added (only in `to`). The common start and end are matched first, so an edit in
 * one place costs only the changed stretch. A story is at most 10,000 characters, but two
 * completely different long texts would need a table of millions of cells: past
 * DIFF_CELLS_MAX the changed stretch is shown as removed whole, then added whole (still right,
 * only coarser).
 */

export type DiffKind = 'same' | 'added' | 'removed';

export interface DiffPart {
  kind: DiffKind;
  text: string;
}

/** The most cells (pieces of one side × pieces of the other) the table may have. */
export const DIFF_CELLS_MAX = 4_000_000;

/** Words and the whitespace runs between them, in order; joined, they give the text back. */
export function diffTokens(text: string): string[] {
  return text.match(/\s+|\S+/gu) ?? [];
}

function push(parts: DiffPart[], kind: DiffKind, text: string): void {
  if (!text) return;
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** The middle stretch, both sides non-empty: the longest common subsequence, by table. */
function diffMiddle(a: string[], b: string[], out: DiffPart[]): void {
  const n = a.length;
  const m = b.length;
  if (n * m > DIFF_CELLS_MAX) {
    push(out, 'removed', a.join(''));
    push(out, 'added', b.join(''));
    return;
  }
  // lcs[i * (m + 1) + j]: the longest common subsequence of a[i..] and b[j..].
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * width + j] = a[i] === b[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push(out, 'same', a[i]!);
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
      push(out, 'removed', a[i]!);
      i++;
    } else {
      push(out, 'added', b[j]!);
      j++;
    }
  }
  push(out, 'removed', a.slice(i).join(''));
  push(out, 'added', b.slice(j).join(''));
}

/**
 * How `to` differs from `from`, word by word: joining the parts that are not 'added' gives
 * `from` back, and those that are not 'removed' give `to`. Adjacent parts of a kind are merged.
 */
export function wordDiff(from: string, to: string): DiffPart[] {
  const a = diffTokens(from);
  const b = diffTokens(to);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const out: DiffPart[] = [];
  push(out, 'same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length === 0) push(out, 'added', midB.join(''));
  else if (midB.length === 0) push(out, 'removed', midA.join(''));
  else diffMiddle(midA, midB, out);
  push(out, 'same', a.slice(endA).join(''));
  return out;
}

/** Whether the diff shows any change at all. */
export const hasChanges = (parts: DiffPart[]): boolean => parts.some((p) => p.kind !== 'same');
