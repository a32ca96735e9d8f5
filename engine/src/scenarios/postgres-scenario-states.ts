/**
 * Scenario states in PostgreSQL (`_mockyard_scenarios` in the config's schema), shared by the
 * replicas of a mock: a state one replica sets is the state the next request to any replica sees.
 */
import type { Connection } from '../store/postgres/connection.js';
import { advisoryKey, qualified } from '../store/postgres/sql.js';
import type { ScenarioStates } from './scenario-states.js';

const TABLE = '_mockyard_scenarios';

export class PostgresScenarioStates implements ScenarioStates {
  private starts: ReadonlyMap<string, string> = new Map();
  private readonly table: string;

  constructor(
    private readonly connection: Connection,
    private readonly pgSchema: string,
  ) {
    this.table = qualified(pgSchema, TABLE);
  }

  async all(): Promise<Record<string, string>> {
    const out: Record<string, string> = Object.fromEntries(this.starts);
    if (this.starts.size === 0) return out;
    const rows = await this.connection.query(`SELECT name, state FROM ${this.table}`, [], { retry: true });
    for (const [name, state] of rows as [string, string][]) if (this.starts.has(name)) out[name] = state;
    return out;
  }

  async set(states: Readonly<Record<string, string>>): Promise<void> {
    const entries = Object.entries(states).filter(([name]) => this.starts.has(name));
    if (entries.length === 0) return;
    await this.connection.query(
      `INSERT INTO ${this.table} (name, state) SELECT key, value FROM json_each_text($1::json)
       ON CONFLICT (name) DO UPDATE SET state = excluded.state`,
      [JSON.stringify(Object.fromEntries(entries))],
    );
  }

  async reset(): Promise<void> {
    // Without scenarios the table was never made (configure), and there is nothing to put back.
    if (this.starts.size === 0) return;
    await this.connection.query(`DELETE FROM ${this.table}`);
  }

  /** Creates the table once (under the schema's advisory lock, as replicas may start together). */
  async configure(starts: ReadonlyMap<string, string>): Promise<void> {
    this.starts = starts;
    if (starts.size === 0) return;
    await this.connection.transaction(async () => {
      await this.connection.query('SELECT pg_advisory_xact_lock($1::bigint)', [advisoryKey(this.pgSchema)]);
      await this.connection.exec(
        `CREATE TABLE IF NOT EXISTS ${this.table} (name text PRIMARY KEY, state text NOT NULL)`,
      );
    });
  }
}
