import { Suspense, useState, type ReactElement, type ReactNode } from 'react';

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
 * real trigger; a pointer or focus reaching it warms the code, a click (or Enter/Space) puts
 * the real control in its place, opened (`children` render it with its open-at-start prop).
 * From then on the real control stays, so later opens are its own.
 */
export function LoadOnOpen({ standIn, warm, children }: { standIn: (props: StandInProps) => ReactElement; warm: () => void; children: ReactNode }) {
  const [used, setUsed] = useState(false);
  const trigger = standIn({ onClick: () => setUsed(true), onPointerEnter: warm, onFocus: warm, 'aria-expanded': false });
  if (!used) return trigger;
  // While the code arrives (a click before any warming), the stand-in keeps its place.
  return <Suspense fallback={trigger}>{children}</Suspense>;
}
