import { describe, expect, it } from 'vitest';
import {
  HANDLE_MAX_LENGTH,
  HANDLE_PATTERN,
  HANDLE_TEXTS,
  RESERVED_HANDLES,
  handleAddress,
  handleProblem,
  handleSchema,
  handleUpdateSchema,
  handleWithSuffix,
  normalizeHandleInput,
  suggestHandle,
} from './handle';

const problemOf = (value: unknown) => {
  const parsed = handleSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('the handle rule', () => {
  it('accepts 3 to 30 characters of a–z, digits and underscores', () => {
    for (const ok of ['ada', 'ada_lovelace', 'a1_', '___', '007', 'x'.repeat(30)]) {
      expect(handleProblem(ok), ok).toBeNull();
      expect(HANDLE_PATTERN.test(ok), ok).toBe(true);
    }
  });

  it('says why anything else cannot be a handle', () => {
    expect(handleProblem('')).toBe(HANDLE_TEXTS.empty);
    expect(handleProblem('ab')).toBe(HANDLE_TEXTS.tooShort);
    expect(handleProblem('x'.repeat(31))).toBe(HANDLE_TEXTS.tooLong);
    for (const bad of ['ada lovelace', 'ada-lovelace', 'ada.l', 'adé', 'ada!', 'ad@a', 'ada\u0000', '李雷李雷', 'ada😀']) {
      expect(handleProblem(bad), bad).toBe(HANDLE_TEXTS.characters);
    }
  });

  it('reserves names that would read as the site itself', () => {
    for (const name of ['admin', 'api', 'settings', 'about', 'login', 'signup', 'drabble', 'support', 'moderator', 'root', 'inbox', 'outbox', 'well_known']) {
      expect(RESERVED_HANDLES.has(name), name).toBe(true);
      expect(handleProblem(name), name).toBe(HANDLE_TEXTS.reserved);
    }
    // Only the names themselves: a writer may still be "rooted" or "admin_ada".
    expect(handleProblem('rooted')).toBeNull();
    expect(handleProblem('admin_ada')).toBeNull();
    for (const name of RESERVED_HANDLES) expect(HANDLE_PATTERN.test(name), name).toBe(true);
  });

  it('is case-insensitive: what is typed is trimmed, loses one leading @ and is lowered', () => {
    expect(normalizeHandleInput('  @Ada_Lovelace ')).toBe('ada_lovelace');
    expect(normalizeHandleInput('@@ada')).toBe('@ada');
    expect(handleSchema.parse('  @ADA  ')).toBe('ada');
    expect(handleSchema.parse('Admin_Ada')).toBe('admin_ada');
    // Only A–Z are lowered: a letter outside them never turns into one (the Kelvin sign is not a k).
    expect(normalizeHandleInput('\u212Aada')).toBe('\u212Aada');
    expect(problemOf('\u212Aada')).toBe(HANDLE_TEXTS.characters);
  });

  it('refuses through the schema with the same sentences, and anything that is not text', () => {
    expect(problemOf('ab')).toBe(HANDLE_TEXTS.tooShort);
    expect(problemOf('@')).toBe(HANDLE_TEXTS.empty);
    expect(problemOf('ROOT')).toBe(HANDLE_TEXTS.reserved);
    expect(problemOf(42)).toBe(HANDLE_TEXTS.notText);
    expect(problemOf(null)).toBe(HANDLE_TEXTS.notText);
    expect(handleUpdateSchema.safeParse({ handle: 'ada', uid: 'someone' }).success).toBe(false);
    expect(handleUpdateSchema.parse({ handle: '@Ada' })).toEqual({ handle: 'ada' });
  });

  it('writes the full address with the host', () => {
    expect(handleAddress('ada', 'drabble.example')).toBe('@ada@drabble.example');
  });
});

describe('suggested handles', () => {
  it('makes one from a display name: lowered, accents off, spaces and punctuation as one underscore', () => {
    expect(suggestHandle('Ada Lovelace')).toBe('ada_lovelace');
    expect(suggestHandle('  Zoë   Brontë-Smith ')).toBe('zoe_bronte_smith');
    expect(suggestHandle("Siobhán O'Brien")).toBe('siobhan_obrien');
    expect(suggestHandle('Jürgen Weiß')).toBe('jurgen_weiss');
    expect(suggestHandle('Søren Kierkegård')).toBe('soren_kierkegard');
    expect(suggestHandle('Łucja Ćwik')).toBe('lucja_cwik');
    expect(suggestHandle('Þóra Æsa')).toBe('thora_aesa');
    expect(suggestHandle('R2-D2')).toBe('r2_d2');
    expect(suggestHandle('...Ada!!!')).toBe('ada');
    expect(suggestHandle('ＡＤＡ')).toBe('ada');
  });

  it('spells out Cyrillic and Greek', () => {
    expect(suggestHandle('Иван Петров')).toBe('ivan_petrov');
    expect(suggestHandle('Юлия Щербакова')).toBe('yuliya_shcherbakova');
    expect(suggestHandle('Σωκράτης')).toBe('sokratis');
  });

  it('falls back to the next source (the email’s local part), then to "writer"', () => {
    expect(suggestHandle('李雷', 'li.lei')).toBe('li_lei');
    expect(suggestHandle(null, 'grace.hopper+drabble')).toBe('grace_hopper_drabble');
    expect(suggestHandle('', undefined)).toBe('writer');
    expect(suggestHandle('😀', '漢字')).toBe('writer');
  });

  it('pads what is too short, and takes a longer source over a short one', () => {
    expect(suggestHandle('Jo')).toBe('jo_writer');
    expect(suggestHandle('Jo', 'jonathan')).toBe('jonathan');
    expect(suggestHandle('X', 'y')).toBe('x_writer');
  });

  it('never suggests a reserved name', () => {
    expect(suggestHandle('Admin')).toBe('admin_writer');
    expect(suggestHandle('Drabble')).toBe('drabble_writer');
    expect(suggestHandle('Well Known')).toBe('well_known_writer');
  });

  it('cuts a long name to 30 characters, never ending in an underscore', () => {
    const long = suggestHandle('Alexandrina Victoria of the United Kingdom');
    expect(long).toBe('alexandrina_victoria_of_the_un');
    expect(long).toHaveLength(HANDLE_MAX_LENGTH);
    expect(suggestHandle('Abcdefghijklmnopqrstuvwxyz abc d')).toBe('abcdefghijklmnopqrstuvwxyz_abc');
    expect(suggestHandle('Abcdefghijklmnopqrstuvwxyzabc d')).toBe('abcdefghijklmnopqrstuvwxyzabc');
  });

  it('always gives a valid handle, whatever it is given', () => {
    const samples = ['', ' ', '_', '__a__', 'a b', '\u0000\u0001', '🙂🙂🙂', 'ǅemal', 'İstanbul', 'x'.repeat(500), 'ａ', "O'", 'Μ', 'admin ', 'ROOT'];
    for (const sample of samples) {
      const handle = suggestHandle(sample);
      expect(handleProblem(handle), `${JSON.stringify(sample)} → ${handle}`).toBeNull();
    }
  });
});

describe('numbered handles', () => {
  it('adds 2, 3… after the base, cutting the base where the number would not fit', () => {
    expect(handleWithSuffix('ada', 1)).toBe('ada');
    expect(handleWithSuffix('ada', 2)).toBe('ada2');
    expect(handleWithSuffix('ada', 117)).toBe('ada117');
    const long = 'x'.repeat(30);
    expect(handleWithSuffix(long, 2)).toBe(`${'x'.repeat(29)}2`);
    expect(handleWithSuffix(long, 12345)).toBe(`${'x'.repeat(25)}12345`);
    for (const n of [2, 10, 999_999]) expect(handleProblem(handleWithSuffix(long, n))).toBeNull();
  });
});
