import { Suspense, useState, type ReactElement, type ReactNode } from 'react';
import type { OnDemand } from '../lib/on-demand';

/** What a stand-in trigger spreads on its button. */
export interface StandInProps {
  onClick: () => void;
  onPointerEnter: () => void;
  onFocus: () => void;
  'aria-expanded': false;
}

/**
 * A control whose real implementation (a Radix menu, popover or dialog) stays off the first
 * page load. Until first used, `standIn` renders a plain button labelled and styled like the
 * real trigger; a pointer or focus reaching it warms `part`'s code, a click (or Enter/Space)
 * puts the real control in its place once that code is there, opened (`children` render it
 * with its open-at-start prop). From then on the real control stays, so later opens are its own.
 */
export function LoadOnOpen({ standIn, part, children }: { standIn: (props: StandInProps) => ReactElement; part: Pick<OnDemand<unknown>, 'load' | 'warm'>; children: ReactNode }) {
  const [used, setUsed] = useState(false);
  // The real control comes once its code has: while it downloads (a click before any warming)
  // the stand-in keeps its place, and when it cannot (offline) the stand-in stays, to try again.
  const open = () => void part.load().then(() => setUsed(true), (error: unknown) => console.error('Could not load the control', error));
  const trigger = standIn({ onClick: open, onPointerEnter: part.warm, onFocus: part.warm, 'aria-expanded': false });
  if (!used) return trigger;
  return <Suspense fallback={trigger}>{children}</Suspense>;
}
