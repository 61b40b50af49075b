import type { ReactNode } from 'react';

/** The small red count on a bell or a menu entry (the caller leaves it out at 0). Hidden from screen readers: the control's name says the count. */
export function CountBadge({ children, testId, className = '' }: { children: ReactNode; testId?: string; className?: string }) {
  return (
    <span
      aria-hidden
      data-testid={testId}
      className={`flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-surface ${className}`}
    >
      {children}
    </span>
  );
}
