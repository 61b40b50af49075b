/**
 * Sentences about stories that several screens say, written once so they cannot drift apart
 * (the editor and the story page once said "public" two ways). No zod here: the story
 * page and the editor import it without pulling schemas in.
 */
export const STORY_TEXTS = {
  /** What a public story is, wherever the app explains it: guests read public stories too. */
  publicMeaning: 'Anyone can read it, even without an account.',
  privateMeaning: 'Only you can see it. You can publish it later.',
  versionsOwnerOnly: 'Only the author can see this story’s versions',
  linkCopied: 'Link copied',
  /** A save written against an older text (offline): the server answers 409 with this, and nothing is overwritten. */
  editConflict: 'This story was changed somewhere else since you started this edit. Nothing was overwritten: compare the two and choose.',
  /** My Stories: saves made offline that the server has not had yet. */
  queuedHeading: 'Waiting to be sent',
  queuedWaiting: 'Saved on this device. It will be sent when you’re back online.',
  queuedConflict: 'Changed somewhere else while you were offline. Nothing was overwritten.',
  queuedOpen: 'Compare and choose',
} as const;
