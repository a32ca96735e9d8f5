/** Polls `check` every 25 ms until it returns true, or fails after `ms`. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  ms = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
