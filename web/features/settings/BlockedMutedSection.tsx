import type { ReactNode } from 'react';
import type { WriterRow as Writer } from '@common/follows/follows';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { secondaryButton } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { usePagedList, type PagedList } from '../../lib/paged-list';
import { blocksQuery, mutesQuery, useUnblock, useUnmute, WriterRow } from '../follows';
import { SETTINGS_SECTIONS } from './sections';
import { SettingsSection, smallButton } from './SettingsSection';

function UndoButton({ writer, label, undo }: { writer: Writer; label: string; undo: ReturnType<typeof useUnblock> }) {
  return (
    <button
      type="button"
      className={`${secondaryButton} ${smallButton}`}
      disabled={undo.isPending && undo.variables.uid === writer.uid}
      onClick={() => undo.mutate({ uid: writer.uid, name: writer.displayName })}
    >
      {label}
      <span className="sr-only"> {writer.displayName}</span>
    </button>
  );
}

function Writers({ title, list, empty, row }: { title: string; list: PagedList<Writer>; empty: string; row: (writer: Writer) => ReactNode }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      {list.status === 'error' && !list.items ? (
        <div className="mt-2">
          <LoadError message={errorMessage(list.error)} onRetry={list.refetch} />
        </div>
      ) : list.items && list.items.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{empty}</p>
      ) : list.items ? (
        <>
          <ul aria-label={title} className="mt-3 divide-y divide-line">
            {list.items.map(row)}
          </ul>
          <LoadMore list={list} className="mt-3" />
        </>
      ) : (
        <div aria-hidden className="mt-2 h-10 animate-pulse rounded-md bg-subtle" />
      )}
    </div>
  );
}

const muteEnd = (writer: Writer) => (writer.mutedUntil ? `Muted until ${formatDateTime(writer.mutedUntil)}` : 'Muted forever');

/** Blocked and muted writers, each with the way to undo it. */
export function BlockedMutedSection() {
  const blocks = usePagedList(blocksQuery());
  const mutes = usePagedList(mutesQuery());
  const unblock = useUnblock();
  const unmute = useUnmute();
  return (
    <SettingsSection
      {...SETTINGS_SECTIONS.blocked}
      description="A block works both ways: neither of you sees the other's stories or can follow. A mute only hides their stories from your feed and Community."
      testId="settings-blocked-muted"
    >
      <div className="space-y-6">
        <Writers
          title="Blocked"
          list={blocks}
          empty="You have not blocked anyone."
          row={(writer) => <WriterRow key={writer.uid} writer={writer} note="Blocked" actions={<UndoButton writer={writer} label="Unblock" undo={unblock} />} />}
        />
        <Writers
          title="Muted"
          list={mutes}
          empty="You have not muted anyone."
          row={(writer) => <WriterRow key={writer.uid} writer={writer} note={muteEnd(writer)} actions={<UndoButton writer={writer} label="Unmute" undo={unmute} />} />}
        />
      </div>
    </SettingsSection>
  );
}
