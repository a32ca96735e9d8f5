/** The bench compares servers that answer alike: the same JSON from Mockyard and the bare server. */
import { isDeepStrictEqual } from 'node:util';

/**
 * Both servers give the same JSON for the measured GETs. Checked before the rounds, and with nothing
 * written: a row created here made the lists 101 rows long on the two servers checked only, so that
 * Mockyard's list carried paging (`Link`, a total over 100) while its --quiet and --no-log twins'
 * did not, and the log-on and lines costs on the list measured that difference too.
 */
export async function checkSameBodies(mock: string, base: string): Promise<void> {
  for (const path of ['/health', '/users', '/users/42']) {
    const [a, b] = await Promise.all([
      fetch(mock + path).then((r) => r.json()),
      fetch(base + path).then((r) => r.json()),
    ]);
    if (!isDeepStrictEqual(a, b))
      throw new Error(
        `bodies differ for GET ${path}:\n${JSON.stringify(a).slice(0, 300)}\n${JSON.stringify(b).slice(0, 300)}`,
      );
  }
}

/** After the rounds: a create answers the same record from both, but for its id (each server made its own number of rows). */
export async function checkSameCreate(mock: string, base: string): Promise<void> {
  const post = async (url: string): Promise<Record<string, unknown>> => {
    const res = await fetch(`${url}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Check', email: 'check@example.com' }),
    });
    if (res.status !== 201) throw new Error(`POST ${url} answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const [{ id: idA, ...a }, { id: idB, ...b }] = [await post(mock), await post(base)];
  if (typeof idA !== 'number' || typeof idB !== 'number' || !isDeepStrictEqual(a, b))
    throw new Error(`POST bodies differ: ${JSON.stringify({ id: idA, ...a })} vs ${JSON.stringify({ id: idB, ...b })}`);
}

export const SAME_JSON = { before: checkSameBodies, after: checkSameCreate };
