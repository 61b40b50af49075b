import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { refusalFromIssues } from './issues';

const schema = z.object({
  title: z.string().min(1, 'Give it a title.').max(5, 'Too long.'),
  words: z.number().int('Whole words only.').min(10, 'At least 10 words.'),
});

const refuse = (input: unknown, fallback = 'Please check the form.') => {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return refusalFromIssues<'title' | 'words'>(parsed.error.issues, fallback);
};

describe('refusalFromIssues', () => {
  it("shows the first issue's message and marks each field it names", () => {
    expect(refuse({ title: '', words: 3 })).toEqual({ message: 'Give it a title.', fields: { title: 'Give it a title.', words: 'At least 10 words.' } });
  });

  it('keeps the first message of a field with several issues', () => {
    expect(refuse({ title: 'ok', words: 2.5 }).fields).toEqual({ words: 'Whole words only.' });
  });

  it('marks no field for an issue about the whole input', () => {
    const parsed = z.string().email('Please enter a valid email address.').safeParse('nope');
    if (parsed.success) throw new Error('expected a refusal');
    expect(refusalFromIssues(parsed.error.issues, 'x')).toEqual({ message: 'Please enter a valid email address.', fields: {} });
  });

  it('takes the fallback when there is no issue to quote', () => {
    expect(refusalFromIssues([], 'Please check the form.')).toEqual({ message: 'Please check the form.', fields: {} });
  });
});
