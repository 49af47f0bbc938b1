/** `text` inside a LIKE pattern: its % _ and \ taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ILIKE pattern of a search typed by a person, the text anywhere; null without one (the SQL's `$n::text IS NULL OR ...` then matches all). */
export const containsPattern = (search: string | undefined) => (search ? `%${escapeLike(search)}%` : null);

/**
 * Page `page` (from 1, the first without one) of `pageSize` rows read by OFFSET and LIMIT: one row more
 * than the page, to know whether a next page has any without counting every row; `of` makes the page
 * of the rows read.
 */
export function pageWindow(page: number | undefined, pageSize: number) {
  const at = page ?? 1;
  return {
    offset: (at - 1) * pageSize,
    limit: pageSize + 1,
    of: <Row, Item>(rows: Row[], item: (row: Row) => Item) => ({ items: rows.slice(0, pageSize).map(item), page: at, pageSize, hasMore: rows.length > pageSize }),
  };
}
