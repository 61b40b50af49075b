import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH_DEFAULT } from '../shared/limits';
import { containsPersonalWord, passwordLengthProblem, passwordProblem, PASSWORD_TEXTS, personalWords } from './passwords';

const policy = { min: PASSWORD_MIN_LENGTH_DEFAULT, max: PASSWORD_MAX_LENGTH };
const nobody = {};

describe('passwordLengthProblem', () => {
  it('accepts 8 to 128 characters by default, any characters, no composition rules', () => {
    expect(PASSWORD_MIN_LENGTH_DEFAULT).toBe(8);
    expect(passwordLengthProblem('abcdefgh', policy)).toBeNull();
    expect(passwordLengthProblem('a'.repeat(128), policy)).toBeNull();
    expect(passwordLengthProblem('        ', policy)).toBeNull();
    expect(passwordLengthProblem('ÿ€漢字😀 ü\t', policy)).toBeNull();
  });

  it('names the minimum when too short, the maximum when too long', () => {
    expect(passwordLengthProblem('abcdefg', policy)).toBe('Password must be at least 8 characters.');
    expect(passwordLengthProblem('', policy)).toBe('Password must be at least 8 characters.');
    expect(passwordLengthProblem('abcdefghi', { min: 10, max: 128 })).toBe('Password must be at least 10 characters.');
    expect(passwordLengthProblem('a'.repeat(129), policy)).toBe('Password must be at most 128 characters.');
  });
});

describe('personalWords', () => {
  it('takes the email’s local part and the whole display name, lower-cased and trimmed', () => {
    expect(personalWords({ email: 'Ada.Lovelace@Example.com', name: '  Ada Lovelace ' })).toEqual(['ada.lovelace', 'ada lovelace']);
    // The last @ ends the local part ("a@b"@example.com is a valid address).
    expect(personalWords({ email: '"a@bc"@example.com' })).toEqual(['"a@bc"']);
  });

  it('ignores local parts and names shorter than 3 characters', () => {
    expect(personalWords({ email: 'al@example.com', name: 'Jo' })).toEqual([]);
    expect(personalWords({ email: 'abc@example.com', name: 'Bob' })).toEqual(['abc', 'bob']);
    expect(personalWords({ email: null, name: null })).toEqual([]);
    expect(personalWords({ name: '   ' })).toEqual([]);
  });
});

describe('containsPersonalWord', () => {
  it('finds the local part or the name anywhere in the password, whatever the case', () => {
    const ada = { email: 'ada.lovelace@example.com', name: 'Countess' };
    expect(containsPersonalWord('my ADA.LOVELACE secret', ada)).toBe(true);
    expect(containsPersonalWord('thecountessofmaths', ada)).toBe(true);
    expect(containsPersonalWord('ada lovelace', ada)).toBe(false);
    expect(containsPersonalWord('a fine long phrase', ada)).toBe(false);
  });

  it('does not refuse a short name inside a phrase', () => {
    expect(containsPersonalWord('jolly good fellow', { email: 'jo@example.com', name: 'Jo' })).toBe(false);
  });
});

describe('passwordProblem', () => {
  it('says the length first, then "too easy" for a breached or personal password', () => {
    expect(passwordProblem('short', policy, { name: 'short' }, true)).toBe(PASSWORD_TEXTS.tooShort(8));
    expect(passwordProblem('password1', policy, nobody, true)).toBe('This password is too easy to guess. Try a longer phrase.');
    expect(passwordProblem('grace hopper rules', policy, { name: 'Grace Hopper' }, false)).toBe(PASSWORD_TEXTS.tooEasy);
    expect(passwordProblem('hopper1906!', policy, { email: 'hopper@navy.mil' }, false)).toBe(PASSWORD_TEXTS.tooEasy);
    expect(passwordProblem('a long unusual phrase', policy, { email: 'hopper@navy.mil', name: 'Grace' }, false)).toBeNull();
  });

  it('keeps to the configured minimum', () => {
    expect(passwordProblem('123456789', { min: 10, max: 128 }, nobody, false)).toBe(PASSWORD_TEXTS.tooShort(10));
    expect(passwordProblem('1234567890', { min: 10, max: 128 }, nobody, false)).toBeNull();
  });
});
