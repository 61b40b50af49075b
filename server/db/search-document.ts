import { sql, type RawBuilder } from 'kysely';

/*
 * The text PostgreSQL indexes for story search, shared by the migration that creates the
 * generated column and the queries that match against it (server/features/stories/queries/search.ts).
 * It lives in the data layer, not the stories feature, so a migration never imports feature code.
 */

function buildAccentMap(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x24f; code++) {
    const letter = String.fromCharCode(code);
    const base = letter.normalize('NFD').replace(/\p{M}+/gu, '');
    if (base !== letter && base.length === 1) {
      from += letter;
      to += base;
    }
  }
  return { from, to };
}

/**
 * Accented Latin letters (U+00C0–U+024F) and their base letters. Canonical decompositions
 * never change (Unicode stability policy), so this is the same on every run and machine.
 */
export const ACCENTS = buildAccentMap();

/**
 * What a story's search finds it by: its title and text, and since migration 0025 its tags'
 * names (stories.tagNames, a JSON list: its brackets and quotes are punctuation to the
 * parser). Migrations before 0025 ran before the column existed, and ask for it without.
 */
export interface SearchedFields {
  tagNames: boolean;
}

/**
 * PostgreSQL: the expression of the stored, generated `searchVector` column. Stored because
 * translate() over the accent map costs about half a millisecond per story: paid once per save,
 * never per row scanned. Text with no character beyond ASCII (most of it) has no accent to
 * fold, and skips translate(): a tenth of the cost, the same vector (migration 0019; a restore
 * of 100,000 stories spent 55 s in it).
 */
export function searchDocument(fields: SearchedFields = { tagNames: true }): RawBuilder<unknown> {
  const text = fields.tagNames ? sql`"title" || ' ' || "content" || ' ' || "tagNames"` : sql`"title" || ' ' || "content"`;
  return sql`to_tsvector('simple', case when ${text} ~ '[^\x01-\x7f]' then translate(${text}, ${sql.lit(ACCENTS.from)}, ${sql.lit(ACCENTS.to)}) else ${text} end)`;
}
