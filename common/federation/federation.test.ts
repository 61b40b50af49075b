import { describe, expect, it } from 'vitest';
import { remoteAccountRefSchema, remoteReplyCreateSchema } from './federation';

describe('the addresses of posts and accounts on other servers', () => {
  it('are http(s) links without control characters (a NUL cannot be stored by PostgreSQL)', () => {
    expect(remoteAccountRefSchema.safeParse({ id: 'https://masto.example/users/ada' }).success).toBe(true);
    expect(remoteAccountRefSchema.safeParse({ id: 'http://127.0.0.1:9/\u0000users/a' }).success).toBe(false);
    expect(remoteAccountRefSchema.safeParse({ id: 'http://127.0.0.1:9/users/\u0007a' }).success).toBe(false);
    expect(remoteReplyCreateSchema.safeParse({ inReplyTo: 'https://masto.example/notes/1\u0000', text: 'Hi' }).success).toBe(false);
    expect(remoteReplyCreateSchema.safeParse({ inReplyTo: 'https://masto.example/notes/1', text: 'Hi' }).success).toBe(true);
  });
});
