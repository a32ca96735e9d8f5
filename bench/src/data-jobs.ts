import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createStudioHandlers, StudioSession, sqliteOf } from '../../engine/src/studio-entry.js';

export interface JobResult {
  /** The longest the event loop was held up while the job ran, worst of the runs. */
  blockMs: number;
  /** How long the job took, median of the runs. */
  totalMs: number;
}

export interface DataJobsResult {
  rows: number;
  runs: number;
  jobs: Record<'CSV import' | 'JSON import' | 'generate', JobResult>;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const CONFIG = `schemas:
  Person:
    properties:
      id: integer
      name: { type: string, required: true }
      email: { type: string, unique: true }
      age: integer
      active: boolean
      joined: datetime
      bio: string
endpoints:
  - resource: Person
`;

/** Runs `job` with the event loop's delay recorded (perf_hooks, 1 ms resolution): its longest block. */
async function measured(job: () => Promise<unknown>): Promise<{ blockMs: number; totalMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // Its first tick only starts the clock: a block before that would not be seen.
  await sleep(5);
  const t0 = performance.now();
  await job();
  const totalMs = performance.now() - t0;
  // The monitor's timer must fire once more to record a block that ended the job.
  await sleep(5);
  delay.disable();
  return { blockMs: delay.max / 1e6, totalMs };
}

/**
 * The studio's big data jobs as the desktop app runs them, on the thread that also answers IPC and
 * the mock: how long each holds up the event loop at most (the target is under 100 ms).
 */
export async function benchDataJobs(rows = 10_000, runs = 3): Promise<DataJobsResult> {
  const dir = mkdtempSync(join(tmpdir(), 'mockyard-bench-jobs-'));
  const configPath = join(dir, 'jobs.yaml');
  writeFileSync(configPath, CONFIG);
  const session = new StudioSession({ configPath, port: 0, watch: false });
  try {
    await session.open();
    const db = sqliteOf(session.engine.store);
    if (!db) throw new Error('no database');
    const api = createStudioHandlers(session);
    const people = Array.from({ length: rows }, (_, i) => ({
      name: `Person ${i + 1}`,
      email: `person${i + 1}@example.com`,
      age: i % 90,
      active: i % 2 === 0,
      joined: '2024-05-01T10:00:00.000Z',
      bio: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit',
    }));
    const csv = [
      'name,email,age,active,joined,bio',
      ...people.map((p) => `${p.name},${p.email},${p.age},${p.active},${p.joined},"${p.bio}"`),
    ].join('\n');
    const json = JSON.stringify(people);
    const jobs = {
      'CSV import': () => api['tables.import']({ table: 'people', format: 'csv', text: csv }),
      'JSON import': () => api['tables.import']({ table: 'people', format: 'json', text: json }),
      generate: () => api['tables.generate']({ table: 'people', count: rows, seed: 1 }),
    };
    const result = {} as DataJobsResult['jobs'];
    for (const [name, job] of Object.entries(jobs) as [keyof typeof jobs, () => Promise<unknown>][]) {
      const samples: { blockMs: number; totalMs: number }[] = [];
      // One warm-up run: the first loads faker and compiles the code paths.
      for (let i = 0; i <= runs; i++) {
        db.exec('DELETE FROM people');
        const sample = await measured(job);
        if (i > 0) samples.push(sample);
      }
      result[name] = {
        blockMs: Math.max(...samples.map((s) => s.blockMs)),
        totalMs: median(samples.map((s) => s.totalMs)),
      };
    }
    return { rows, runs, jobs: result };
  } finally {
    await session.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
