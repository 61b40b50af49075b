import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { DayKey } from '@common/prompts/rules';
import type { Progress } from '@common/streaks/streak';
import { useCurrentUser } from '../../../lib/auth';
import { errorMessage, formErrorMessage } from '../../../lib/errors';
import { useToast } from '../../../components/toasts/toast-context';
import { contestKeys, enterContest } from '../../contests';
import { useApiMutation } from '../../../lib/mutation';
import { progressKeys } from '../../../lib/query-keys';
import { storyChanged } from '../api/mutations';
import { browserStorage, clearDraft, draftKey, draftToRestore, hasUnsavedWork, readDraft, writeDraft, type DraftFields } from './draft';
import { formProblems, saveStory, type FormProblems } from './save';
import { isApiError } from '../../../lib/api';
import { enqueueSave, queuedFor, queuedSave, removeQueued } from './offline-queue';
import { useLeaveGuard } from './useLeaveGuard';
import { withTypedTag } from '../../tags';

const DRAFT_DELAY_MS = 400;

export interface EditorBase {
  storyId: string | null;
  fields: DraftFields;
  updatedAt: string | null;
  /** A new story opened from a prompt page: the day whose prompt it answers (`fields.prompt` is that prompt). */
  promptDay?: DayKey;
  /** A new story written for a contest: saved private, then entered; entering publishes it anonymously. */
  contestId?: string;
}

/** Saves the story; a contest's new entry is then entered, and a refusal kept beside the saved story rather than lost. */
async function saveAndEnter(base: EditorBase, toSave: DraftFields) {
  const contestId = base.storyId === null ? base.contestId : undefined;
  const saved = await saveStory(base.storyId, contestId ? { ...toSave, public: false } : toSave, base.fields, base.promptDay, undefined, contestId);
  if (!contestId) return { ...saved, entry: null };
  try {
    await enterContest(contestId, saved.story.id);
    return { ...saved, entry: { contestId, refusal: null } };
  } catch (error) {
    return { ...saved, entry: { contestId, refusal: errorMessage(error) } };
  }
}

function pickFields(fields: DraftFields): DraftFields {
  return { title: fields.title, content: fields.content, prompt: fields.prompt, public: fields.public, contentWarnings: fields.contentWarnings, contentWarningNote: fields.contentWarningNote, tags: fields.tags };
}

/**
 * The editor's state. Nothing typed is lost: every change is written to a local draft
 * (shortly after typing stops, and at once when the page is hidden or the editor closes);
 * a draft holding unsaved work is restored on the next visit; a failed save keeps the text
 * and says why; leaving with unsaved changes asks first.
 */
export function useStoryEditor(base: EditorBase) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const { toast } = useToast();
  const isNew = base.storyId === null;
  const key = draftKey(user?.uid ?? 'guest', base.storyId);

  const uid = user?.uid ?? 'guest';
  const [initial] = useState(() => {
    // A save made offline for this story comes before any draft: it is the writer's latest word.
    const queued = base.storyId === null ? null : queuedFor(browserStorage(), uid, base.storyId);
    if (queued) return { fields: queued.fields, restoredAt: null, stale: false, queued: queued.conflict ? ('conflict' as const) : ('waiting' as const) };
    const restored = draftToRestore(readDraft(browserStorage(), key), base.fields, isNew);
    return {
      // From a prompt page, a restored draft keeps its words and takes the prompt the writer just chose.
      fields: restored ? { ...pickFields(restored), ...(base.promptDay ? { prompt: base.fields.prompt } : {}) } : base.fields,
      restoredAt: restored?.savedAt ?? null,
      // The story was saved again (elsewhere) after this draft began.
      stale: Boolean(restored && base.updatedAt && restored.baseUpdatedAt !== base.updatedAt),
      queued: null,
    };
  });
  /**
   * A save made offline: 'waiting' to be sent when the connection returns, or a
   * 'conflict' (the story was changed elsewhere meanwhile) waiting for the writer to choose.
   */
  const [queued, setQueued] = useState<'waiting' | 'conflict' | null>(initial.queued);
  const [fields, setFields] = useState<DraftFields>(initial.fields);
  const [restored, setRestored] = useState<{ at: number; stale: boolean } | null>(
    initial.restoredAt === null ? null : { at: initial.restoredAt, stale: initial.stale },
  );
  // Why the server refused the last save (or could not be reached); cleared by the next change.
  const [failure, setFailure] = useState<string | null>(null);
  // Once a save was refused for the form's own problems, they show (all of them) and follow the typing.
  const [checked, setChecked] = useState(false);
  const problems: FormProblems = checked ? formProblems(fields) : {};
  /** When the draft was last written, or false when the browser refused to keep it. */
  const [draftSavedAt, setDraftSavedAt] = useState<number | false | null>(null);
  // A queued save is kept on this device: leaving loses nothing.
  const unsaved = hasUnsavedWork(fields, base.fields, isNew) && queued === null;
  const { allowLeave, dialog } = useLeaveGuard(unsaved);

  // The latest fields for writes that cannot wait for React (page hidden, editor closing).
  const latest = useRef({ fields, unsaved });
  useEffect(() => {
    latest.current = { fields, unsaved };
  }, [fields, unsaved]);

  // Set once the story is saved: from then on there is no draft to keep.
  const saved = useRef(false);

  const flushDraft = useCallback(() => {
    const storage = browserStorage();
    if (saved.current || !latest.current.unsaved) {
      clearDraft(storage, key);
      return setDraftSavedAt(null);
    }
    const savedAt = Date.now();
    const ok = writeDraft(storage, key, { ...latest.current.fields, savedAt, baseUpdatedAt: base.updatedAt });
    setDraftSavedAt(ok ? savedAt : false);
  }, [key, base.updatedAt]);

  useEffect(() => {
    const timer = window.setTimeout(flushDraft, DRAFT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [fields, flushDraft]);

  useEffect(() => {
    const onHide = () => flushDraft();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      flushDraft();
    };
  }, [flushDraft]);

  // A failure shows beside the form (no toast); the text stays, and so does the draft.
  const mutation = useApiMutation({
    request: (toSave: DraftFields) => saveAndEnter(base, toSave),
    success: ({ entry }) => (entry ? (entry.refusal ? 'Story saved.' : 'Story saved and entered. Good luck!') : isNew ? 'Story saved.' : 'Changes saved.'),
    failure: false,
    onSuccess: async ({ story, progress, entry }, _fields, queryClient) => {
      saved.current = true;
      clearDraft(browserStorage(), key);
      if (base.storyId) removeQueued(browserStorage(), uid, base.storyId);
      allowLeave();
      queryClient.setQueryData<Progress>(progressKeys.mine, progress);
      if (entry?.refusal) toast(`Not entered in the contest: ${entry.refusal}`, 'error');
      if (entry) void queryClient.invalidateQueries({ queryKey: contestKeys.all });
      await navigate(entry && !entry.refusal ? `/contests/${entry.contestId}` : `/story/${story.id}`, { replace: true });
      void storyChanged(queryClient, story, story.id);
    },
    onError: (error, toSave) => {
      // No connection: the save waits on this device and is sent when it returns (LiveEvents.tsx).
      if (isApiError(error) && error.status === 0 && !base.contestId && enqueueSave(browserStorage(), uid, queuedSave(base.storyId, toSave, base.fields, base.updatedAt))) {
        latest.current = { fields: toSave, unsaved: false };
        flushDraft();
        setQueued('waiting');
        return;
      }
      flushDraft();
      setFailure(formErrorMessage(error));
    },
  });

  const update = useCallback((change: Partial<DraftFields>) => {
    setFields((current) => ({ ...current, ...change }));
    setFailure(null);
    // Writing on after a save was queued: the changes are a draft again (saving queues them anew).
    setQueued((current) => (current === 'waiting' ? null : current));
  }, []);

  // The tag field's typed text (not yet a chip) and why it cannot be a tag: saving adds it.
  const [tagText, setTagText] = useState('');
  const [tagProblem, setTagProblem] = useState<string | null>(null);

  const save = useCallback(() => {
    if (mutation.isPending) return;
    setFailure(null);
    // A tag typed without Enter is meant: it is added as Enter would, or the save stops to say why.
    const typed = withTypedTag(fields.tags, tagText);
    const toSave = 'tags' in typed && typed.tags.length !== fields.tags.length ? { ...fields, tags: typed.tags } : fields;
    if ('problem' in typed) setTagProblem(typed.problem);
    else if (tagText !== '') {
      setTagText('');
      if (toSave !== fields) setFields(toSave);
    }
    const formHasProblems = Object.keys(formProblems(toSave)).length > 0;
    setChecked(formHasProblems);
    if (formHasProblems || 'problem' in typed) return;
    mutation.mutate(toSave);
  }, [fields, mutation, tagText]);

  /** After a conflict: the server's text stays, the offline one is dropped. */
  const keepServerText = useCallback(() => {
    if (base.storyId) removeQueued(browserStorage(), uid, base.storyId);
    setFields(base.fields);
    setQueued(null);
  }, [base.fields, base.storyId, uid]);

  const discardDraft = useCallback(() => {
    setFields(base.fields);
    setRestored(null);
    setFailure(null);
    setChecked(false);
    clearDraft(browserStorage(), key);
  }, [base.fields, key]);

  return {
    fields,
    update,
    save,
    saving: mutation.isPending,
    /** The form's own problems, each for its field (all at once, after a save was refused for them). */
    problems,
    /** The server's refusal of the last save, or why it could not be sent. */
    failure,
    unsaved,
    restored,
    dismissRestored: () => setRestored(null),
    discardDraft,
    draftSavedAt,
    /** A save made offline: waiting to be sent, or in conflict with a newer text (`serverFields` then shows it). */
    queued,
    serverFields: base.fields,
    /** After a conflict: save the offline text (the server's is kept as a version). */
    keepMyText: save,
    keepServerText,
    /** The tag field's text and its problem (TagInput), which `save` reads. */
    tagField: { text: tagText, onTextChange: setTagText, problem: tagProblem, onProblemChange: setTagProblem },
    leaveDialog: dialog,
  };
}
