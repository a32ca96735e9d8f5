import { rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { applyChanges, type ConfigChange } from '../../../shared/src/config-edit/changes.js';
import { isPort, portMessage } from '../../../shared/src/port.js';
import type { EndpointSummary } from '../../../shared/src/service-summary.js';
import type { Problem } from '../../../shared/src/problems.js';
import type { LogSettings, PortOrigin, ServerStatus, StudioEvents } from '../../../shared/src/studio-contract.js';
import type { ValidationResult } from '../config/check.js';
import { withServerPort } from '../config/edit-config.js';
import { Engine } from '../engine.js';
import { DomainError } from '../domain-error.js';
import { TypedEmitter } from '../typed-emitter.js';
import { watchConfig, type ConfigWatch } from '../watch.js';
import { writeConfigFile } from './config-file.js';
import {
  convertedText,
  convertTarget,
  DB_JSON_READ_ONLY,
  type DbJsonView,
  databaseFor,
  dbJsonView,
  dropEmptyExtraColumns,
} from './db-json-view.js';
import { describeListenError } from './listen-status.js';
import { watchRecording } from './recording.js';
import { StudioLog } from './studio-log.js';
import { pendingRenameSuggestions, withRenameFixes } from '../config/rename-fix.js';

export interface StudioSessionOptions {
  configPath: string;
  /** Like `serve --db`. */
  database?: string;
  /** Like `serve --port`; otherwise the config's `server.port`. */
  port?: number;
  /** Request log retention and persistence (the app's settings). */
  log?: Partial<LogSettings>;
  /** Saving applies the config at once (default); false waits for applySaved() (the Apply button). */
  autoApply?: boolean;
  /** Port for configs that do not set `server.port` (the app's preference). */
  defaultPort?: number;
  /** Watch the file for outside edits (default true). */
  watch?: boolean;
}

type Events = { [K in keyof StudioEvents]: [StudioEvents[K]] };

/**
 * One open config in the studio: the engine serving it, the file on disk, and the events the UI
 * listens to. Electron and the browser studio each wrap one of these.
 */
export class StudioSession extends TypedEmitter<Events> {
  readonly engine: Engine;
  private savedText = '';
  private lastProblems: Problem[] = [];
  private endpoints: EndpointSummary[] = [];
  private servingLastValid = false;
  private serverError: { message: string; suggestedPort: number | undefined } | undefined;
  private watcher: ConfigWatch | undefined;
  readonly log: StudioLog;
  private readonly changedTables = new Map<string, string>();
  /** A port chosen in the studio (Port…, "Use port N"); it overrides the config until written into it. */
  private chosenPort: number | undefined;
  /** `server.port` of the config being served, for the status bar's "why this port". */
  private configPort: number | undefined;
  private tableTimer: NodeJS.Timeout | undefined;
  /** A json-server db.json is open (db-json-view.ts): served in its mode, its config read-only until converted. */
  private dbJson: DbJsonView | undefined;

  constructor(readonly options: StudioSessionOptions) {
    super();
    this.engine = new Engine({
      configPath: options.configPath,
      database: options.database,
      port: options.port,
      defaultPort: options.defaultPort,
      commitRecording: (changes) => this.saveChanges(changes),
    });
    watchRecording(this, this.engine, this.emitRecord);
    this.log = new StudioLog(this.engine, options.configPath, (batch) => this.emit('log.batch', batch));
    if (options.log) this.log.configure(options.log);
    // A bulk insert or a load test changes a table thousands of times a second; the UI hears once per 100 ms.
    this.engine.on('tableChanged', (e) => {
      this.changedTables.set(e.table, e.change);
      this.tableTimer ??= setTimeout(() => {
        this.tableTimer = undefined;
        for (const [table, change] of this.changedTables) this.emit('table.changed', { table, change });
        this.changedTables.clear();
      }, 100);
    });
  }

  /** Tells the UI about recording (recording.ts). */
  readonly emitRecord = <K extends 'record.status' | 'record.recorded'>(event: K, payload: StudioEvents[K]): void =>
    this.emit(event, ...([payload] as Events[K]));

  get configPath(): string {
    return this.options.configPath;
  }

  get text(): string {
    return this.savedText;
  }

  get problems(): Problem[] {
    return this.lastProblems;
  }

  get endpointList(): EndpointSummary[] {
    return this.endpoints;
  }

  /**
   * Reads the file, applies it and starts the server. An invalid file opens with its problems and no
   * server. With `listen: false` the server waits for listen(): the desktop app opens the next file
   * while the current one still serves, often on the same port.
   */
  async open({ listen = true }: { listen?: boolean } = {}): Promise<void> {
    const text = await readFile(this.configPath, 'utf8');
    this.dbJson = dbJsonView(this.configPath, text);
    if (this.dbJson) {
      // Served as `mockyard serve db.json` serves it; shown as the config Convert would write beside it.
      this.engine.serveFrom(this.configPath, this.dbJson.mode);
      await this.applyText(this.dbJson.configText);
      const beside = this.convertTo as string;
      this.savedText = await convertedText(
        this.configPath,
        this.dbJson,
        databaseFor(beside, this.engine.model?.server.database),
      );
      if (listen) await this.listen();
      return;
    }
    this.savedText = text;
    await this.applyText(this.savedText);
    if (listen) await this.listen();
    await this.watch();
  }

  /**
   * For a db.json open: the config "Convert to a config" suggests (api.yaml beside it); undefined
   * for a config, which is edited as it is.
   */
  get convertTo(): string | undefined {
    return this.dbJson ? join(dirname(this.configPath), 'api.yaml') : undefined;
  }

  /**
   * "Convert to a config": writes the db.json's config (as `mockyard import` makes it, naming the
   * SQLite file it is served from, so the rows stay) to `path` (against the db.json's folder; never
   * over an existing file), and goes on with that file as the open config, editable. In line with saves.
   */
  convertToConfig(path: string): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The studio session is closed.'));
    const run = this.saving.then(() => this.convertNow(path));
    this.saving = run.catch(() => undefined);
    return run;
  }

  private async convertNow(path: string): Promise<void> {
    const view = this.dbJson;
    if (!view) throw new DomainError('invalid', 'Only a json-server db.json is converted: this is a config already.');
    const target = convertTarget(this.configPath, path);
    const text = await convertedText(this.configPath, view, databaseFor(target, this.engine.model?.server.database));
    // Created exclusively first, so a file made meanwhile is not replaced either; then written atomically.
    try {
      writeFileSync(target, '', { flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST')
        throw new DomainError('conflict', `${target} exists and is never replaced: choose another name.`);
      throw new DomainError('failed', `Cannot write ${target}: ${(err as Error).message}`);
    }
    try {
      await writeConfigFile(target, text);
    } catch (err) {
      rmSync(target, { force: true });
      throw err;
    }
    this.dbJson = undefined;
    this.options.configPath = target;
    this.engine.serveFrom(target, undefined);
    this.savedText = text;
    if ((await this.applyText(text)) && (await dropEmptyExtraColumns(this.engine)) > 0) await this.applyText(text);
    await this.watch();
  }

  /** Follows the config file for outside edits (unless the options say not to). */
  private async watch(): Promise<void> {
    if (this.options.watch === false) return;
    this.watcher = watchConfig(this.configPath, {
      initialText: this.savedText,
      onChange: (text) => void this.onDiskChange(text),
      onError: (err) => {
        // Kept in the status (the banner) until the file can be read again; the server goes on serving.
        this.fileError = err.message;
        this.emit('server.status', this.status());
      },
    });
    // Until the watch is set up an outside edit goes unnoticed; open() settles once it would be seen.
    await this.watcher.ready;
  }

  /**
   * Writes the text (atomically: temp file then rename) and applies it; an invalid text is saved but not served.
   * Saves run one at a time, in the order they were asked for, so the last one is on disk and live.
   */
  save(text: string): Promise<{ applied: boolean; problems: Problem[] }> {
    if (this.closed) return Promise.reject(new Error('The studio session is closed.'));
    if (this.dbJson) return Promise.reject(new DomainError('invalid', DB_JSON_READ_ONLY));
    const run = this.saving.then(() => this.saveNow(text));
    this.saving = run.catch(() => undefined);
    return run;
  }

  private saving: Promise<unknown> = Promise.resolve();
  private closed = false;

  /** Writes the text and applies it (unless saves wait for Apply); `validated`: the text as validated already. */
  private async saveNow(
    text: string,
    validated?: ValidationResult,
  ): Promise<{ applied: boolean; problems: Problem[] }> {
    await writeConfigFile(this.configPath, text);
    this.savedText = text;
    this.fileError = undefined;
    if (this.options.autoApply === false) {
      this.pendingApply = true;
      this.lastProblems = (validated ?? (await this.engine.validate(text))).problems;
      this.emit('server.status', this.status());
      return { applied: false, problems: this.lastProblems };
    }
    return this.applySaved(validated);
  }

  private pendingApply = false;

  /** Makes the saved text live: what a save does when auto-apply is on, and the Apply button. */
  async applySaved(validated?: ValidationResult): Promise<{ applied: boolean; problems: Problem[] }> {
    this.pendingApply = false;
    const applied = await this.applyText(validated ?? this.savedText);
    if (applied && !this.engine.listening && !this.serverError) await this.startServer();
    return { applied, problems: this.lastProblems };
  }

  /**
   * Saves a text the app itself changed (e.g. seed rows written into the config) and tells the UI,
   * as for an outside edit, so the editor shows it.
   */
  async saveFromApp(text: string): Promise<{ applied: boolean; problems: Problem[] }> {
    const result = await this.save(text);
    this.emit('config.changedOnDisk', { text });
    return result;
  }

  /**
   * The app's own change as data (a recorded answer): made on the saved text after the saves asked
   * before it, written and applied like a save, and sent to the editor with the changes, so one with
   * unsaved edits makes them on its draft. False (nothing written) when the result would not validate.
   */
  saveChanges(changes: ConfigChange[]): Promise<boolean> {
    if (this.closed || this.dbJson) return Promise.resolve(false);
    const run = this.saving.then(async () => {
      const text = applyChanges(this.savedText, changes);
      const validated = await this.engine.validate(text);
      if (!validated.model) return false;
      // With Apply on save off, a recording is applied still (it is served from then on), unless
      // saves wait for Apply already: those are the user's to apply.
      const waiting = this.pendingApply;
      await this.saveNow(text, validated);
      if (this.options.autoApply === false && !waiting) await this.applySaved(validated);
      this.emit('config.changedOnDisk', { text, changes });
      return true;
    });
    this.saving = run.catch(() => undefined);
    return run;
  }

  async validate(text: string): Promise<{ problems: Problem[]; durationMs: number }> {
    const start = performance.now();
    const { problems } = await this.engine.validate(text);
    const suggested = pendingRenameSuggestions(this.lastProblems, text);
    return {
      problems: suggested.length > 0 ? [...problems, ...suggested] : problems,
      durationMs: performance.now() - start,
    };
  }

  status(): ServerStatus {
    const address = this.engine.address;
    return {
      state: address ? 'running' : this.serverError ? 'error' : 'stopped',
      url: address?.url,
      port: address?.port ?? this.engine.model?.server.port,
      error: this.serverError?.message ?? this.fileError,
      suggestedPort: this.serverError?.suggestedPort,
      version: this.versionNumber,
      servingLastValid: this.servingLastValid,
      pendingApply: this.pendingApply,
      portOrigin: this.portOrigin(),
      configPort: this.configPort,
      graphqlPath: this.engine.model?.server.graphql,
    };
  }

  private portOrigin(): PortOrigin {
    if (this.chosenPort !== undefined) return this.chosenPort === this.configPort ? 'config' : 'chosen';
    if (this.options.port !== undefined) return this.options.port === this.configPort ? 'config' : 'option';
    return this.configPort === undefined ? 'default' : 'config';
  }

  /**
   * Writes `server.port: port` into the config with a comment-keeping edit and saves it like any
   * save (validated, applied). Afterwards the config's port counts again, not the studio's override.
   */
  async writePort(port: number): Promise<{ applied: boolean; problems: Problem[] }> {
    if (!isPort(port)) throw new DomainError('invalid', portMessage('Port', port));
    const text = withServerPort(this.savedText, port);
    const override = this.engine.portOverride;
    // Dropped before the save, so that applying it listens on the port it wrote.
    this.engine.overridePort(undefined);
    let result: { applied: boolean; problems: Problem[] };
    try {
      result = await this.saveFromApp(text);
    } catch (err) {
      this.engine.overridePort(override);
      throw err;
    }
    this.chosenPort = undefined;
    this.options.port = undefined;
    // A save waiting for Apply has not read the new port yet; the status says where it comes from now.
    if (this.pendingApply) this.configPort = port;
    this.emit('server.status', this.status());
    return result;
  }

  /** "Apply on save" turned on applies what was saved while it was off; turned off, saves wait for Apply. */
  async setAutoApply(on: boolean): Promise<void> {
    this.options.autoApply = on;
    if (on && this.pendingApply) await this.applySaved();
  }

  private versionNumber = 0;
  /** Why the config file cannot be read just now (removed, a folder, no permission); cleared when it can. */
  private fileError: string | undefined;

  async startServer(): Promise<ServerStatus> {
    try {
      this.serverError = undefined;
      await this.engine.start();
    } catch (err) {
      this.serverError = await describeListenError(err);
    }
    const status = this.status();
    this.emit('server.status', status);
    return status;
  }

  /** Starts the server when the config is valid (as open() does); an invalid config serves nothing. */
  async listen(): Promise<void> {
    if (this.engine.model) await this.startServer();
  }

  async stopServer(): Promise<ServerStatus> {
    await this.engine.stopListening();
    this.serverError = undefined;
    const status = this.status();
    this.emit('server.status', status);
    return status;
  }

  async setPort(port: number): Promise<ServerStatus> {
    if (!isPort(port)) throw new DomainError('invalid', portMessage('Port', port));
    const wasRunning = this.engine.listening || this.serverError !== undefined;
    this.serverError = undefined;
    this.chosenPort = port;
    try {
      // Rebinds when listening; when the new port is taken the old socket would go on serving on a
      // port the status no longer names, so stop it and report the conflict as a failed start does.
      await this.engine.setPort(port);
    } catch (err) {
      await this.engine.stopListening();
      this.serverError = await describeListenError(err);
    }
    if (wasRunning && !this.engine.listening && !this.serverError) return this.startServer();
    const status = this.status();
    this.emit('server.status', status);
    return status;
  }

  async close(): Promise<void> {
    // A save still running would reopen the database and start the server after the engine stopped.
    this.closed = true;
    await this.saving;
    this.log.close();
    clearTimeout(this.tableTimer);
    await this.watcher?.close();
    await this.engine.stop();
  }

  private async applyText(config: string | ValidationResult): Promise<boolean> {
    const result = await this.engine.apply(config);
    // The suggestion of an undeclared rename comes from the migration, which has no text: its quick fix is made here.
    if (result.problems.some((p) => p.code === 'undeclaredRename'))
      result.problems = withRenameFixes(result.problems, this.savedText);
    this.lastProblems = result.problems;
    if (result.ok) {
      this.configPort = this.engine.model?.server.declaredPort;
      this.endpoints = result.endpoints;
      this.versionNumber = result.version;
      this.servingLastValid = false;
      this.emit('config.applied', { version: result.version, endpoints: result.endpoints, problems: result.problems });
    } else {
      this.servingLastValid = this.engine.model !== undefined;
      this.emit('config.rejected', { problems: result.problems });
    }
    this.emit('server.status', this.status());
    return result.ok;
  }

  private async onDiskChange(text: string): Promise<void> {
    if (this.closed) return;
    const recovered = this.fileError !== undefined;
    this.fileError = undefined;
    if (text === this.savedText) {
      // The file came back as it was: nothing to apply, but the banner about it goes.
      if (recovered) this.emit('server.status', this.status());
      return;
    }
    this.savedText = text;
    this.emit('config.changedOnDisk', { text });
    const applied = await this.applyText(text);
    if (applied && !this.engine.listening && !this.serverError) await this.startServer();
  }
}
