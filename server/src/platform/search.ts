/** A LIKE pattern matching `text` anywhere, lower-cased, with `%`, `_` and `\` taken literally. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
