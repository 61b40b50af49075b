import type { ReactNode } from 'react';

/** What a list shows when it has nothing in it: an icon, a sentence, and maybe a way forward. */
export function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center" data-testid="empty-state">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-soft-ink">{icon}</div>
      <p className="mt-4 font-semibold text-fg">{title}</p>
      {children && <div className="mt-2 text-sm text-muted">{children}</div>}
    </div>
  );
}
