import type { LogSettings } from '../../../shared/src/studio-contract';

/** The retention settings as typed: numbers stay text until saved, so a half-typed one is kept. */
export interface RetentionDraft {
  limit: string;
  bodyLimit: string;
  persist: boolean;
}

export const draftOf = (s: LogSettings): RetentionDraft => ({
  limit: String(s.limit),
  bodyLimit: String(s.bodyLimit),
  persist: s.persist,
});

export const settingsOf = (d: RetentionDraft): LogSettings => ({
  limit: Number(d.limit),
  bodyLimit: Number(d.bodyLimit),
  persist: d.persist,
});

/** One row per number: the words around its box and its accessible name. */
const NUMBERS: { key: 'limit' | 'bodyLimit'; before: string; after: string; label: string }[] = [
  { key: 'limit', before: 'Keep the last', after: 'requests', label: 'Log entries kept' },
  { key: 'bodyLimit', before: 'Keep at most', after: 'bytes of each body', label: 'Log body limit' },
];

/** The request log's retention fields, the same in Settings and in the Log tab's own form. */
export function LogRetentionFields({ draft, onChange }: { draft: RetentionDraft; onChange(d: RetentionDraft): void }) {
  return (
    <>
      {NUMBERS.map((f) => (
        <label key={f.key}>
          {f.before}{' '}
          <input
            value={draft[f.key]}
            onChange={(e) => onChange({ ...draft, [f.key]: e.target.value })}
            size={8}
            inputMode="numeric"
            aria-label={f.label}
          />{' '}
          {f.after}
        </label>
      ))}
      <label>
        <input
          type="checkbox"
          checked={draft.persist}
          onChange={(e) => onChange({ ...draft, persist: e.target.checked })}
        />{' '}
        Keep the request log on disk, so it survives a restart
      </label>
    </>
  );
}
