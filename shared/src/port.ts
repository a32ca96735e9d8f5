/**
 * TCP ports, checked one way everywhere: the CLI's `--port` and `--api-port`, the studio's port
 * change and the default-port preference. 0 is allowed: it asks the system for a free port.
 */

export const MAX_PORT = 65535;

/** Whether a value is a usable port: a whole number from 0 to 65535. */
export const isPort = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_PORT;

/** The one message for a bad port; `what` names it as the user wrote it (`--port`, `Port`). */
export const portMessage = (what: string, given: unknown): string =>
  `${what} must be a whole number from 0 to ${MAX_PORT}, not ${typeof given === 'string' ? `'${given}'` : (JSON.stringify(given) ?? 'nothing')}.`;

/**
 * A port typed as text (a command-line option), or undefined when it is not one. Only plain digits
 * count: `Number()` would also take '', ' 80', '0x50' and '8e3'.
 */
export function parsePort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return isPort(port) ? port : undefined;
}
