/**
 * Run by the bench in a fresh process: starts in-memory mocks of a 10-schema config one after another
 * through the packaged library (dist/lib-bundle, what `require('mockyard')` loads), and prints each
 * start's time, from calling startMock to the first answer of its first request, as JSON: wall time,
 * and the process's CPU time (which a machine busy with other work inflates less).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

type StartMock = typeof import('../../engine/src/library/index.js').startMock;

/** `count` schemas of five fields, each with its REST endpoints and three seed rows. */
export function schemasConfig(count: number): string {
  const lines = ['schemas:'];
  for (let i = 0; i < count; i++)
    lines.push(
      `  Thing${i}:`,
      '    properties:',
      '      id: integer',
      '      name: { type: string, required: true }',
      '      price: number',
      '      active: boolean',
      '      created: datetime',
    );
  lines.push('endpoints:');
  for (let i = 0; i < count; i++) lines.push(`  - resource: Thing${i}`);
  lines.push('seed:');
  for (let i = 0; i < count; i++) {
    lines.push(`  Thing${i}:`);
    for (let r = 0; r < 3; r++) lines.push(`    - { name: row${r}, price: ${r}.5, active: true }`);
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const starts = Number(process.argv[2] ?? 21);
  const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
  const { startMock } = createRequire(import.meta.url)(join(root, 'dist/lib-bundle/index.cjs')) as {
    startMock: StartMock;
  };
  const config = schemasConfig(10);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < starts; i++) {
    const used = process.cpuUsage();
    const begin = performance.now();
    const mock = await startMock({ config, db: ':memory:' });
    const res = await fetch(`${mock.url}/thing9s`);
    await res.arrayBuffer();
    times.push(performance.now() - begin);
    const { user, system } = process.cpuUsage(used);
    cpu.push((user + system) / 1000);
    if (res.status !== 200) throw new Error(`GET /thing9s answered ${res.status}`);
    await mock.stop();
  }
  process.stdout.write(JSON.stringify({ times, cpu }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
