import { z } from 'zod';

/**
 * "Your data": the export, the import and deleting one's own account. Texts are the
 * product's words, used verbatim by the server and the web.
 */

export const YOUR_DATA_TEXTS = {
  downloadEverything: 'Download everything',
  exportTooSoon: 'You can request another export tomorrow.',
  importStories: 'Import stories',
  deleteAccount: 'Delete my account',
  deleteConfirmLabel: 'Type your email to confirm',
  deleteEmailMismatch: "That isn't the email address of this account.",
  onlyAdmin: "You're the only admin. Make someone else an admin before deleting your account.",
  deletionScheduled: (date: string) => `Your account is deactivated and will be deleted on ${date}.`,
  cancelDeletion: 'Cancel deletion',
  deletionCancelled: 'Deletion cancelled. Welcome back!',
  /** What every other request of a deactivated account is told (403 account_deactivated). */
  deactivated: 'Your account is scheduled for deletion. Cancel deletion to use Drabble again.',
  deletedUser: 'Deleted user',
  deletedComment: '[deleted]',
  /** In an export, beside a comment, reaction or favourite on a story the person can no longer read. */
  storyUnavailable: 'a story that is no longer available',
} as const;

/** Import: the largest upload, the most files it may hold, and the largest single file. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_FILES = 500;
export const IMPORT_FILE_MAX_BYTES = 256 * 1024;
export const IMPORT_EXTENSIONS = ['.md', '.txt', '.zip'] as const;
/** A zip may expand to at most this much in all (a zip bomb is refused, not unpacked). */
export const IMPORT_UNZIPPED_MAX_BYTES = 20 * 1024 * 1024;

/** Why a file was not imported (ImportItem.reason), and the import's other answers. */
export const IMPORT_TEXTS = {
  unsupported: 'Only .md, .txt and .zip files can be imported.',
  empty: 'The file has no story in it.',
  tooLarge: `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024} KB.`,
  notUtf8: 'The file is not UTF-8 text.',
  tooMany: `Only ${IMPORT_MAX_FILES} files can be imported at once.`,
  zipTooLarge: `The zip unpacks to more than ${IMPORT_UNZIPPED_MAX_BYTES / (1024 * 1024)} MB.`,
  badZip: 'The zip file could not be read.',
  uploadTooLarge: `The upload is larger than ${IMPORT_MAX_BYTES / (1024 * 1024)} MB.`,
  noFiles: 'Please choose .md, .txt or .zip files to import.',
  imported: (count: number) => (count === 1 ? 'Imported 1 story.' : `Imported ${count} stories.`),
  nothingImported: 'No stories were imported.',
  /** A file whose title and text this writer imported before (or earlier in the same upload). */
  alreadyImported: 'Already imported.',
  allAlreadyImported: (count: number) => (count === 1 ? 'That story was already imported.' : 'Those stories were already imported.'),
} as const;

export const importItemSchema = z.object({
  /** The file's name (inside a zip: its path there). */
  file: z.string(),
  /** 'duplicate': the same title and text were imported before by this writer (no second story is made). */
  status: z.enum(['imported', 'duplicate', 'refused']),
  /** For a refused or duplicate file: why, in words. */
  reason: z.string().nullable(),
  /** The story it became, or for a duplicate the story it already is. */
  storyId: z.string().nullable(),
  title: z.string().nullable(),
});
export type ImportItem = z.infer<typeof importItemSchema>;
export const importReportSchema = z.object({
  imported: z.number().int(),
  duplicates: z.number().int(),
  refused: z.number().int(),
  items: z.array(importItemSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** GET /api/export: whether "Download everything" is open now. */
export const exportStatusSchema = z.object({
  lastExportAt: z.string().nullable(),
  /** When the next export may be requested; null: now. */
  nextExportAt: z.string().nullable(),
});
export type ExportStatus = z.infer<typeof exportStatusSchema>;

/** POST /api/account/deletion: the account's own email, typed. */
export const deletionRequestSchema = z.object({ email: z.string().trim().min(1, 'Please type your email.').max(254) }).strict();
export type DeletionRequest = z.infer<typeof deletionRequestSchema>;

/** A deactivated account's state, on GET /api/me and from the deletion routes. */
export const deletionStateSchema = z.object({ deactivatedAt: z.string(), deleteAfter: z.string() });
export type DeletionState = z.infer<typeof deletionStateSchema>;
/** GET /api/account/deletion: the account's deletion date, or null. */
export const deletionResponseSchema = z.object({ deletion: deletionStateSchema.nullable() });
/** POST /api/account/deletion: the date the account goes. */
export const deletionScheduledSchema = z.object({ deletion: deletionStateSchema });
