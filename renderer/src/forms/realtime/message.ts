/**
 * A WebSocket or SSE message as written (`{ inline: <JSON> }` or `{ body: "<text template>" }`),
 * for the realtime forms: which of the two it is, and the value to write when the form switches.
 */
export type MessageMode = '' | 'inline' | 'body';

export interface WrittenMessage {
  inline?: unknown;
  body?: unknown;
}

export const asRecord = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export function messageMode(value: unknown): MessageMode {
  const m = asRecord(value);
  return m.body !== undefined ? 'body' : m.inline !== undefined ? 'inline' : '';
}

/**
 * The message in the other form, keeping what can be kept: JSON becomes its text, text that is JSON
 * becomes that JSON (else `{}`); '' is no message.
 */
export function switchedMessage(value: unknown, next: MessageMode): WrittenMessage | undefined {
  const m = asRecord(value);
  if (next === '') return undefined;
  if (next === 'body')
    return { body: typeof m.body === 'string' ? m.body : JSON.stringify(m.inline ?? { type: 'hello' }) };
  if (m.inline !== undefined) return { inline: m.inline };
  try {
    return { inline: typeof m.body === 'string' ? (JSON.parse(m.body) as unknown) : {} };
  } catch {
    return { inline: {} };
  }
}

/** A message in a line, for folded rule headings and event lists: `{"type":"pong"}` or the text. */
export function messageSummary(value: unknown, max = 48): string {
  const m = asRecord(value);
  const text = m.body !== undefined ? String(m.body) : m.inline !== undefined ? JSON.stringify(m.inline) : '';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
