/**
 * What a request log note is about, so the studio can show a matched rule, a fault and an added
 * delay apart from the warnings (an unknown filter, a client gone). The notes are the engine's
 * wording (http/dynamic-endpoint.ts, http/runtime.ts).
 */
export type NoteKind = 'rule' | 'fault' | 'latency' | 'warning';

export function noteKind(note: string): NoteKind {
  if (/^rule \d+ matched\b/.test(note)) return 'rule';
  if (note.startsWith('fault: ')) return 'fault';
  if (/^latency \d+ ms added$/.test(note)) return 'latency';
  return 'warning';
}
