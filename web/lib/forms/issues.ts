import type { z } from 'zod';

/** What a refused form shows: the sentence under it, and which fields it marks. */
export interface FormRefusal<Name extends string = string> {
  /** The first issue's message: the one sentence the form shows. */
  message: string;
  /** The first message for each field an issue names (the first key of its path). */
  fields: Partial<Record<Name, string>>;
}

/**
 * A schema's issues as a form shows them. An issue about the whole input (an empty path, as a
 * schema for one string gives) marks no field; its message is still the form's.
 */
export function refusalFromIssues<Name extends string>(issues: readonly z.core.$ZodIssue[], fallback: string): FormRefusal<Name> {
  const fields: Partial<Record<Name, string>> = {};
  for (const issue of issues) {
    const name = issue.path[0];
    if (typeof name !== 'string') continue;
    fields[name as Name] ??= issue.message;
  }
  return { message: issues[0]?.message ?? fallback, fields };
}
