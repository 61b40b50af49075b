import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { CONTEST_REASON_MAX, defaultContestWindows, nextContestMonday, type AdminContests, type ContestInput, type ContestWindows } from '@common/contests/contests';
import { EmptyState } from '../../components/EmptyState';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { LoadError } from '../../components/LoadError';
import { CenteredSpinner } from '../../components/Spinner';
import { card, inputField, primaryButton, secondaryButton, textLink } from '../../components/ui';
import { dangerButton } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { adminContestsQuery, createContest, disqualifyEntry, editContest, useAdminContestMutation } from './api';
import { PhaseBadge } from './parts';

type AdminContest = AdminContests['contests'][number];

const WINDOW_FIELDS: Array<[keyof ContestWindows, string]> = [
  ['entryOpensAt', 'Entries open'],
  ['entryClosesAt', 'Entries close'],
  ['votingOpensAt', 'Voting opens'],
  ['votingClosesAt', 'Voting closes'],
];

/** An instant as a datetime-local field shows it: the admin's own time zone, to the minute. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

/** The form to create a contest (next week's defaults) or edit one that has not opened. */
function ContestForm({ editing, onDone }: { editing: AdminContest | null; onDone: () => void }) {
  const initial = () => {
    const windows: ContestWindows = editing ?? defaultContestWindows(nextContestMonday(new Date()));
    return {
      prompt: editing && editing.promptDay === null ? editing.prompt : '',
      ...Object.fromEntries(WINDOW_FIELDS.map(([key]) => [key, toLocalInput(windows[key])])),
    } as Record<'prompt' | keyof ContestWindows, string>;
  };
  const [fields, setFields] = useState(initial);
  const promptId = useId();
  const mutation = useAdminContestMutation(
    (input: ContestInput) => (editing ? editContest({ id: editing.id, input }) : createContest(input)),
    editing ? 'Contest updated.' : 'Contest created.',
  );
  return (
    <form
      className={`${card} flex flex-col gap-4`}
      aria-label={editing ? 'Edit contest' : 'New contest'}
      data-testid="contest-form"
      onSubmit={(event) => {
        event.preventDefault();
        const input: ContestInput = {
          prompt: fields.prompt,
          entryOpensAt: fromLocalInput(fields.entryOpensAt),
          entryClosesAt: fromLocalInput(fields.entryClosesAt),
          votingOpensAt: fromLocalInput(fields.votingOpensAt),
          votingClosesAt: fromLocalInput(fields.votingClosesAt),
        };
        mutation.mutate(input, {
          onSuccess: () => {
            // A created contest leaves a blank form: a second click must not make it twice.
            if (!editing) setFields(initial());
            onDone();
          },
        });
      }}
    >
      <h2 className="text-lg font-semibold text-fg">{editing ? `Edit ${editing.title}` : 'New contest'}</h2>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={promptId} className="text-sm font-medium text-fg">
          Prompt
        </label>
        <textarea id={promptId} className={inputField} rows={2} value={fields.prompt} onChange={(e) => setFields({ ...fields, prompt: e.target.value })} />
        <p className="text-xs text-muted">Leave it empty to use the daily prompt of the Monday entries open.</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {WINDOW_FIELDS.map(([key, label]) => (
          <FormField key={key} label={label} type="datetime-local" value={fields[key]} onChange={(e) => setFields({ ...fields, [key]: e.target.value })} />
        ))}
      </div>
      <p className="text-xs text-muted">Times are in your time zone. By default entries run Monday 00:00 to Sunday 23:59 UTC, and voting Monday to Wednesday after.</p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={mutation.isPending}>
          {editing ? 'Save changes' : 'Create contest'}
        </button>
        {editing && (
          <button type="button" className={secondaryButton} onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function DisqualifyButton({ contest, entry }: { contest: AdminContest; entry: AdminContest['entries'][number] }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const mutation = useAdminContestMutation(disqualifyEntry, 'Entry disqualified. Its author has been told why.');
  return (
    <>
      <button type="button" className={dangerButton} onClick={() => setOpen(true)}>
        Disqualify
      </button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title={`Disqualify “${entry.title}”`}
        description="The entry leaves the contest and its votes go. Its author is told the reason."
        error={error}
        errorId={`${reasonId}-error`}
        pending={mutation.isPending}
        submitLabel="Disqualify"
        pendingLabel="Disqualifying…"
        tone="danger"
        narrow
        testId="disqualify-dialog"
        submitTestId="disqualify-submit"
        onSubmit={() => {
          if (!reason.trim()) return setError('Please give a reason.');
          mutation.mutate({ id: contest.id, storyId: entry.storyId, reason }, { onSuccess: () => setOpen(false), onError: (e) => setError(errorMessage(e)) });
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={reasonId} className="text-sm font-medium text-fg">
            Reason
          </label>
          {/* The reason is what the dialog asks for: typed at once, not after tabbing past the close button. */}
          <textarea
            id={reasonId}
            className={inputField}
            rows={3}
            maxLength={CONTEST_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-describedby={error ? `${reasonId}-error` : undefined}
            autoFocus
          />
        </div>
      </FormDialog>
    </>
  );
}

function AdminContestCard({ contest, onEdit }: { contest: AdminContest; onEdit: () => void }) {
  return (
    <article className={card} aria-labelledby={`admin-contest-${contest.id}`} data-testid="admin-contest">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`admin-contest-${contest.id}`} className="text-lg font-semibold text-fg">
          <Link to={`/contests/${contest.id}`} className="hover:underline">
            {contest.title}
          </Link>
        </h2>
        <div className="flex items-center gap-2">
          <PhaseBadge phase={contest.phase} />
          {contest.editable && (
            <button type="button" className={secondaryButton} onClick={onEdit}>
              Edit
            </button>
          )}
        </div>
      </header>
      <p className="mt-2 text-fg">{contest.prompt}</p>
      <p className="mt-1 text-xs text-muted">
        Entries {formatDateTime(contest.entryOpensAt)} – {formatDateTime(contest.entryClosesAt)} · Voting {formatDateTime(contest.votingOpensAt)} – {formatDateTime(contest.votingClosesAt)}
      </p>
      {contest.entries.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No entries.</p>
      ) : (
        <ul className="mt-3 divide-y divide-line" aria-label="Entries and their authors">
          {contest.entries.map((entry) => (
            <li key={entry.storyId} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="admin-contest-entry">
              <div className="min-w-0">
                <Link to={`/story/${entry.storyId}`} className={textLink}>
                  {entry.title}
                </Link>{' '}
                <span className="text-sm text-muted">
                  by{' '}
                  <Link to={`/admin/users/${entry.author.uid}`} className={textLink}>
                    {entry.author.displayName}
                  </Link>
                  {entry.place !== null && ` · place ${entry.place}`}
                </span>
                {entry.disqualifiedAt && <p className="text-sm text-red-700 dark:text-red-300">Disqualified: {entry.disqualifiedReason}</p>}
              </div>
              {!entry.disqualifiedAt && contest.phase !== 'closed' && <DisqualifyButton contest={contest} entry={entry} />}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** /admin/contests: create, edit before it opens, and disqualify; the admins see who wrote each entry. */
export function AdminContestsScreen() {
  const query = useQuery(adminContestsQuery);
  const [editing, setEditing] = useState<AdminContest | null>(null);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <title>Contests · Admin · Drabble</title>
      <h1 id="screen-heading" className="flex items-center gap-2 text-2xl font-bold text-fg">
        <Trophy aria-hidden className="size-6 text-accent-ink" />
        Contests
      </h1>
      <p className="text-sm text-muted">You see who wrote each entry, for moderation; admins do not vote.</p>
      <ContestForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
      {query.isPending ? (
        <CenteredSpinner />
      ) : query.isError ? (
        <LoadError message="Could not load the contests." onRetry={() => void query.refetch()} />
      ) : query.data.contests.length === 0 ? (
        <EmptyState icon={<Trophy aria-hidden className="size-6" />} title="No contests yet." />
      ) : (
        query.data.contests.map((c) => <AdminContestCard key={c.id} contest={c} onEdit={() => setEditing(c)} />)
      )}
    </div>
  );
}
