/**
 * What the app says about handles (common/handles/handle.ts), written once for the server and every
 * screen. No zod here: a screen that only shows a handle need not load schemas for the words.
 */
export const HANDLE_TEXTS = {
  label: 'Handle',
  /** Settings: the field for a new one. */
  newLabel: 'New handle',
  description: 'The name people and other servers find you by. If you change it, your old one keeps leading to you.',
  hint: '3–30 characters: letters a–z, digits and underscores.',
  /** `@handle@host`: the handle as other servers know it. */
  fullAddress: 'Full address',
  empty: 'Please choose a handle.',
  tooShort: 'A handle needs at least 3 characters.',
  tooLong: 'A handle can be at most 30 characters.',
  characters: 'A handle can only contain letters a–z, digits and underscores.',
  reserved: 'That handle is reserved. Please choose another.',
  /** 409 handle_taken: someone has it, or it still leads to the person who had it before. */
  taken: 'That handle is taken. Please choose another.',
  updated: 'Handle updated!',
  notText: 'A handle must be text.',
} as const;
