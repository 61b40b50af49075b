import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases';
import { useTestServer } from '../test/api-fixture';
import { KEPT, STORY_ROWS, USER_ROWS } from './owned-rows';

/*
 * Every column that points at a person or a story is declared in shared/owned-rows.ts: taken
 * with the story (STORY_ROWS), dealt with when the person leaves (USER_ROWS), or kept on
 * purpose (KEPT). The columns come from a started server's database (our migrations, and
 * better-auth's tables it creates at start), so a migration adding a table with a uid or
 * storyId column fails here until its feature declares it.
 */

/** Columns holding a person's uid or a story's id, by name. */
const POINTS_AT_SOMEONE = /(uid|userId|storyId)$/i;
/** Columns holding a person's uid under another name. */
const PERSON_COLUMNS = new Set(['to', 'from', 'createdBy', 'assignedTo', 'resolvedBy']);

describe.each(testDialects())('rows a person or a story owns, on %s', (dialect) => {
  let columns: Set<string>;

  const api = useTestServer(dialect);
  beforeAll(async () => {
    const tables = await api.server.ctx.db.introspection.getTables();
    columns = new Set(tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)));
  });

  const declaredForStories = () => STORY_ROWS.map((table) => `${table}.storyId`);
  const declaredForPeople = () => USER_ROWS.flatMap((rows) => rows.columns);

  it('finds the tables (the check below would pass on an empty list)', () => {
    expect(columns).toContain('users.uid');
    expect(columns).toContain('storyVersions.storyId');
    expect(columns.size).toBeGreaterThan(100);
  });

  it('declares every column holding a uid or a story id: taken with the story, erased with the person, or kept', () => {
    const declared = new Set<string>([...declaredForStories(), ...declaredForPeople(), ...Object.keys(KEPT)]);
    const undeclared = [...columns].filter((column) => {
      const name = column.slice(column.indexOf('.') + 1);
      return (POINTS_AT_SOMEONE.test(name) || PERSON_COLUMNS.has(name)) && !declared.has(column);
    });
    expect(undeclared, 'declare these in server/shared/owned-rows.ts').toEqual([]);
  });

  it('declares only columns that exist, each once', () => {
    const all = [...declaredForStories(), ...declaredForPeople(), ...Object.keys(KEPT)];
    expect(all.filter((column) => !columns.has(column))).toEqual([]);
    expect(all.filter((column, i) => all.indexOf(column) !== i)).toEqual([]);
  });
});
