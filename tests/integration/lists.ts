// Walking a list answered a part at a time (a cursor or a page number), for the tests that a long
// history neither grows an answer nor hides a row from the pages.

/**
 * Every page from `start` on: fetches a page, then the next from `next(page)`, until a page holds
 * fewer than `limit` rows. The pages in the order fetched.
 */
export async function walkPages<Row, Place = string>(
  fetchPage: (place: Place) => Promise<Row[]>,
  start: Place,
  next: (page: Row[], place: Place) => Place,
  limit: number,
): Promise<Row[][]> {
  const pages: Row[][] = [];
  let place = start;
  for (;;) {
    const page = await fetchPage(place);
    if (page.length > limit) throw new Error(`a page of ${page.length} rows, more than its limit ${limit}`);
    if (page.length) pages.push(page);
    if (page.length < limit) return pages;
    if (pages.length > 10_000) throw new Error('the pages never end');
    place = next(page, place);
  }
}
