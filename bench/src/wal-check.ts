import { statSync } from 'node:fs';

const MiB = 1024 * 1024;
const size = (file: string): number => statSync(file, { throwIfNoEntry: false })?.size ?? 0;

/**
 * After the writes, each SQLite server's database file and WAL, and whether its writes reached the
 * database file. A server whose WAL is never checkpointed skips copying and syncing its writes, and
 * looks faster on POST than a server that keeps its file in order; the bench's bare server once did
 * that (bench/src/baseline-server.ts). Minutes of POSTs checkpoint at least a few MiB into the file.
 */
export function checkpointReport(databases: Record<string, string>): string {
  const parts = Object.entries(databases).map(([name, file]) => {
    const db = size(file);
    const wal = size(`${file}-wal`);
    const verdict = db >= MiB ? '' : ' NEVER CHECKPOINTED: its ratios are not fair';
    return `${name} ${(db / MiB).toFixed(1)} MiB + WAL ${(wal / MiB).toFixed(1)} MiB${verdict}`;
  });
  return `database files after the writes: ${parts.join('; ')}`;
}
