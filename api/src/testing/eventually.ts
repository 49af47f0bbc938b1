/** Repeats `check` until it holds (a notification is on its way), for at most 5 s. */
export async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('never happened');
}
