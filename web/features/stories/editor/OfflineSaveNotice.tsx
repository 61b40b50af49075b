import { CloudOff, GitCompare } from 'lucide-react';
import { secondaryButton, primaryButton } from '../../../components/ui';
import type { DraftFields } from './draft';

export const OFFLINE_SAVE_TEXTS = {
  waiting: 'Saved on this device. It will be sent when you’re back online.',
  conflict: 'While you were offline this story was changed somewhere else. Nothing was overwritten: choose which text to keep. The other stays in the story’s version history if you keep yours.',
} as const;

function TextColumn({ label, fields, testId }: { label: string; fields: DraftFields; testId: string }) {
  return (
    <section className="min-w-0 rounded-lg border border-line bg-surface p-3 text-fg" data-testid={testId}>
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</h3>
      <p className="mt-1 font-semibold">{fields.title}</p>
      <p className="mt-1 text-sm whitespace-pre-wrap">{fields.content}</p>
    </section>
  );
}

/** A save made offline: waiting to be sent, or both texts side by side after a conflict. */
export function OfflineSaveNotice({ state, mine, server, onKeepMine, onKeepServer, saving }: {
  state: 'waiting' | 'conflict';
  mine: DraftFields;
  server: DraftFields;
  onKeepMine: () => void;
  onKeepServer: () => void;
  saving: boolean;
}) {
  if (state === 'waiting') {
    return (
      <div role="status" className="mt-4 flex items-center gap-3 rounded-xl border border-line bg-subtle px-4 py-3 text-sm text-fg" data-testid="offline-save-waiting">
        <CloudOff aria-hidden className="size-5 shrink-0" />
        <p>{OFFLINE_SAVE_TEXTS.waiting}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="mt-4 rounded-xl border border-amber-600 bg-accent-soft px-4 py-3 text-sm text-accent-soft-ink" data-testid="offline-save-conflict">
      <p className="flex items-start gap-2">
        <GitCompare aria-hidden className="mt-0.5 size-5 shrink-0" />
        {OFFLINE_SAVE_TEXTS.conflict}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextColumn label="Yours, written offline" fields={mine} testId="conflict-mine" />
        <TextColumn label="Now saved on Drabble" fields={server} testId="conflict-server" />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={primaryButton} onClick={onKeepMine} disabled={saving}>
          Keep mine
        </button>
        <button type="button" className={secondaryButton} onClick={onKeepServer} disabled={saving}>
          Keep the saved one
        </button>
      </div>
    </div>
  );
}
