/**
 * Other processes using CPU now, for the bench's first and last lines: its figures are only as
 * quiet as the machine.
 *
 * Measured from /proc over a short window, not with `ps`: ps's %CPU is a process's average over its
 * whole life, so it named itself (a ps just started has spent its life computing: "100 ps"), and
 * any process that had once been busy.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Clock ticks a second (`getconf CLK_TCK`), which is 100 on Linux. */
const TICKS = 100;

/** CPU ticks (user + system) and the command of every process that can be read. */
function snapshot(): Map<number, { ticks: number; comm: string }> {
  const out = new Map<number, { ticks: number; comm: string }>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command sits in parentheses and may hold spaces; the fields after it are fixed.
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command.
      out.set(pid, { ticks: Number(fields[11]) + Number(fields[12]), comm: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return out;
}

/** A process that used CPU over the window, and how much of one CPU. */
export interface Busy {
  pid: number;
  comm: string;
  pct: number;
}

/** Processes other than `own` that used at least 10 % of a CPU over `windowMs`, busiest first. */
export async function busyList(own: ReadonlySet<number>, windowMs = 500): Promise<Busy[]> {
  const before = snapshot();
  await sleep(windowMs);
  const busy: Busy[] = [];
  for (const [pid, now] of snapshot()) {
    if (own.has(pid)) continue;
    const pct = ((now.ticks - (before.get(pid)?.ticks ?? now.ticks)) / TICKS / (windowMs / 1000)) * 100;
    if (pct >= 10) busy.push({ pid, comm: now.comm, pct });
  }
  return busy.sort((a, b) => b.pct - a.pct);
}

/** The busiest five of `busyList`, as the bench prints them. */
export async function busyProcesses(own: ReadonlySet<number>, windowMs = 500): Promise<string> {
  const busy = await busyList(own, windowMs);
  return busy.length
    ? busy
        .slice(0, 5)
        .map((b) => `${b.pct.toFixed(0)} % ${b.comm}`)
        .join(', ')
    : 'none above 10 % CPU';
}
