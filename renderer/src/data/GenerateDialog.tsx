import { useState } from 'react';

interface Props {
  table: string;
  onGenerate(count: number, seed: number): Promise<void>;
  onClose(): void;
}

/** "Generate N rows": realistic values by field name and type, the same for the same seed. */
export function GenerateDialog({ table, onGenerate, onClose }: Props) {
  const [count, setCount] = useState('100');
  const [seed, setSeed] = useState('1');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const n = Number(count);
  const s = Number(seed);
  const valid = Number.isInteger(n) && n >= 1 && n <= 100_000 && Number.isInteger(s);
  return (
    <form
      className="dialog"
      data-testid="generate-dialog"
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) return;
        setBusy(true);
        onGenerate(n, s).then(onClose, (err: Error) => {
          setError(err.message);
          setBusy(false);
        });
      }}
    >
      <header>
        Generate rows in <b>{table}</b>
      </header>
      <label>
        Rows{' '}
        <input
          value={count}
          onChange={(e) => setCount(e.target.value)}
          inputMode="numeric"
          size={8}
          aria-label="Rows"
        />
      </label>
      <label>
        Seed{' '}
        <input value={seed} onChange={(e) => setSeed(e.target.value)} inputMode="numeric" size={8} aria-label="Seed" />
      </label>
      {!valid ? <p className="error">Rows: 1 to 100,000; the seed is a whole number.</p> : null}
      {error ? <p className="error">{error}</p> : null}
      <footer>
        <button type="submit" className="primary" disabled={!valid || busy} data-testid="generate-go">
          {busy ? 'Generating…' : 'Generate'}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </footer>
    </form>
  );
}
