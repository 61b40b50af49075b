/** Text as a LIKE pattern's literal part (with `escape '\'`): its %, _ and \ match themselves. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
