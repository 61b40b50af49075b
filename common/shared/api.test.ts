import { describe, expect, it } from 'vitest';
import { signInSchema, signUpSchema } from './api';
import { preferencesUpdateSchema } from '../me/user';

describe('auth body schemas', () => {
  it('accepts a good sign-up and defaults the display name', () => {
    expect(signUpSchema.parse({ email: 'a@b.co', password: 'secret1' })).toEqual({ email: 'a@b.co', password: 'secret1', name: '' });
  });
  it('refuses a bad email and an empty password with words a person understands', () => {
    expect(signInSchema.safeParse({ email: 'nope', password: 'x' }).error?.issues[0]?.message).toBe('Please enter a valid email address.');
    expect(signInSchema.safeParse({ email: 'a@b.co', password: '' }).error?.issues[0]?.message).toBe('Please enter your password.');
  });
});

describe('preferences update', () => {
  it('takes known modes and colours only', () => {
    expect(preferencesUpdateSchema.safeParse({ themeMode: 'dark-blue' }).success).toBe(true);
    expect(preferencesUpdateSchema.safeParse({ colorTheme: 'rose' }).success).toBe(true);
    expect(preferencesUpdateSchema.safeParse({ themeMode: 'dark' }).success).toBe(false);
    expect(preferencesUpdateSchema.safeParse({}).success).toBe(false);
    expect(preferencesUpdateSchema.safeParse({ themeMode: 'light', admin: true }).success).toBe(false);
  });
});
