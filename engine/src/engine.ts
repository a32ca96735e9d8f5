import { basename, extname } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LogEntry } from '../../shared/src/log-entry.js';
import { httpMessages } from '../../shared/src/messages.js';
import type { Problem } from '../../shared/src/problems.js';
import type { TableSummary } from '../../shared/src/service-summary.js';
import type { ValidationResult } from './config/check.js';
import { validateQuickly } from './config/validate-quickly.js';
import { adminHandler } from './http/admin.js';
import { errorReply, sendReply } from './http/reply.js';
import { Listener, type Address } from './http/listener.js';
import type { GraphqlOnDemand } from './graphql/on-demand.js';
import type { RuntimeHooks, ServiceRuntime } from './http/runtime.js';
import { buildRuntime, storeFor } from './apply-steps.js';
import { openApiDocHook } from './openapi/serve-doc.js';
import { proxyHook } from './http/proxy.js';
import { type RecordMode, RecordSwitch } from './record/switch.js';
import { RequestLog, type ServedRequest } from './log/request-log.js';
import type { ServiceModel } from './model/service-model.js';
import type { JsonServerMode } from './json-server/mode.js';
import { after, type MaybePromise, type Store, type TableStore } from './store/store.js';
import { TypedEmitter } from './typed-emitter.js';
import { ChangeFeed } from './records/record-change.js';
import type { RecordService } from './records/record-service.js';
import { overrideServer } from './server-overrides.js';
import { RealtimeHub } from './realtime/realtime-hub.js';
import type { StreamHooks } from './realtime/stream-recorder.js';
import { randomHex } from './on-demand.js';
import { errorProblem, listenErrorMessage, summarise, tableSummaries } from './summaries.js';
import { type ApplyResult, type EngineEvents, type EngineOptions, ListenError } from './engine-api.js';
import { CallbackSender } from './callbacks/callback-sender.js';
import { MemoryScenarioStates, type ScenarioStates } from './scenarios/scenario-states.js';
import { configureScenarios, scenarioStatesFor } from './scenarios/states-for.js';

export { type ApplyResult, type EngineEvents, type EngineOptions, ListenError, type ServedLine } from './engine-api.js';

/**
 * The Mockyard service: validates and applies configs, keeps the store (SQLite or PostgreSQL) in step, serves HTTP,
 * and reports everything as typed events. The CLI and the desktop app are thin shells around it.
 * @example const engine = new Engine({ configPath }); await engine.apply(text); await engine.start();
 */
export class Engine extends TypedEmitter<EngineEvents> {
  readonly log: RequestLog;
  private runtime: ServiceRuntime | undefined;
  private db: Store | undefined;
  private dbLocation: string | undefined;
  private version = 0;
  private readonly listener: Listener;
  private readonly logEnabled: boolean;
  /** Recording of proxied answers into the config (--record, the studio's Record toggle). */
  private readonly recorder = new RecordSwitch({
    configPath: () => this.options.configPath,
    model: () => this.model,
    validate: (text) => this.validate(text),
    apply: (config) => this.apply(config),
    commit: (changes) => this.options.commitRecording?.(changes),
    recorded: (event) => this.emit('recorded', event),
    failed: (message) => this.emit('serverError', { code: 'recordFailed', message }),
  });

  private token: string | undefined;
  /** Scenario states: in memory, or in the PostgreSQL store's schema (shared by replicas). */
  private scenarioStates: ScenarioStates = new MemoryScenarioStates();
  private readonly memoryStates = this.scenarioStates;
  /** Sends endpoints' callbacks; each is logged as an outgoing entry. */
  private readonly callbacks = new CallbackSender((entry) => {
    if (this.logEnabled) this.logServed(entry);
  });

  /** Numbers the record service's changes across versions and hands them to the feeds and `recordChanged` listeners. */
  private readonly changes = new ChangeFeed(
    (change) => {
      this.realtime.recordChanged(change);
      if (this.realtime.hasFeed(change.schema)) this.db?.shareRecordChange?.(change);
      this.emit('recordChanged', change);
    },
    () => this.realtime.hasFeed() || this.hasListeners('recordChanged'),
  );

  /** WebSocket and SSE endpoints (realtime/): their connections outlive config versions. */
  private readonly realtime: RealtimeHub;
  private readonly studioOrigins = new Set<string>();

  /** The admin API's token when the config says `admin: true` or the CLI --admin; stable across reloads, made on first use. */
  get adminToken(): string {
    this.token ??= randomHex(16);
    return this.token;
  }

  constructor(private readonly options: EngineOptions = {}) {
    super();
    this.log = new RequestLog(options.log);
    this.logEnabled = options.log?.enabled !== false;
    this.realtime = new RealtimeHub(
      {
        log: this.logEnabled ? this.streamLog() : undefined,
        studioOrigin: (origin) => this.studioOrigins.has(origin),
      },
      options.realtime,
    );
    this.listener = new Listener(
      (req, res) => this.handle(req, res),
      options.http,
      (req, socket, head) => this.realtime.upgrade(req, socket, head),
    );
    this.recorder.mode = options.record;
  }

  /**
   * Checks a config text without applying it. A text with problems loads the full validator (and
   * `yaml`, to place them) on first need, so a server whose config is fine starts without either.
   */
  async validate(text: string): Promise<ValidationResult> {
    const token = (): string => this.adminToken;
    const options = {
      configPath: this.options.configPath,
      // Read only when the config says `admin: true`.
      get adminToken() {
        return token();
      },
      defaultPort: this.options.defaultPort,
    };
    return validateQuickly(text, options) ?? (await import('./config/validate.js')).validateWithYaml(text, options);
  }

  get model(): ServiceModel | undefined {
    return this.runtime?.model;
  }

  get address(): Address | undefined {
    return this.listener.address;
  }

  /** The store of the applied config. */
  get store(): Store | undefined {
    return this.db;
  }

  /**
   * Makes a config live at once if it has no errors: migrates the tables, swaps the router
   * atomically and rebinds if the port changed. In-flight requests finish on the version they
   * started with. An invalid config changes nothing. Takes the text, or what this engine's
   * validate() made of it (a caller that validated first, to decide, does not validate twice).
   * Applies take effect in the order they were called, however long each one's validation takes.
   */
  apply(config: string | ValidationResult): Promise<ApplyResult> {
    const result = this.applying.then(() => this.applyNow(config));
    this.applying = result.catch(() => undefined);
    return result;
  }

  private applying: Promise<unknown> = Promise.resolve();

  /** The steps of one apply: validate, settle the server settings, open the store, build the runtime, swap, rebind. */
  private async applyNow(config: string | ValidationResult): Promise<ApplyResult> {
    const validated = typeof config === 'string' ? await this.validate(config) : config;
    const { model } = validated;
    const problems = [...validated.problems];
    if (!model) return this.reject(problems);
    overrideServer(model.server, this.options, () => this.adminToken);
    // json-server mode: the db.json's rows seed its tables without passing through the config text.
    if (this.options.jsonServer) model.seed = this.options.jsonServer.seed;
    const current = { db: this.db, location: this.dbLocation };
    const opened = await storeFor(current, model.server.database, model.server.schema);
    if ('failure' in opened) return this.reject([...problems, opened.failure]);
    const states = await scenarioStatesFor(opened, this.scenarioStates, this.memoryStates);
    const built = await buildRuntime(
      model,
      opened.db,
      this.hooks(model, states),
      this.runtime,
      (schema, change) => this.emit('tableChanged', { schema: schema.name, table: schema.table, change }),
      this.changes,
    );
    const configured = 'failure' in built ? built : await configureScenarios(states, model);
    if ('failure' in configured) {
      if (opened.fresh) await opened.db.close();
      return this.reject([...problems, configured.failure]);
    }
    if ('failure' in built) return this.reject(problems);
    this.scenarioStates = states;
    problems.push(...built.warnings);
    const reload = this.runtime !== undefined;
    this.swap(built.runtime, opened.db, opened.location, opened.fresh);
    this.realtime.apply(model, this.runtime?.graphql);
    // A table this reload made holds its seed rows now: its feeds' subscribers reload (none yet on a first start).
    if (reload) built.runtime.records.tablesCreated(built.created);
    opened.db.onRemoteRecord = (change) => this.realtime.recordChanged(change);
    const rebindProblem = await this.rebind(model.server);
    if (rebindProblem) problems.push(rebindProblem);
    const endpoints = summarise(model);
    this.emit('applied', { version: this.version, endpoints, problems });
    return { ok: true, version: this.version, problems, endpoints };
  }

  /**
   * What the next applies serve: the config at `configPath`, in json-server mode when `jsonServer` is
   * given (a db.json), else as a config; the studio's "Convert to a config" switches a db.json to its YAML.
   */
  serveFrom(configPath: string, jsonServer: JsonServerMode | undefined): void {
    this.options.configPath = configPath;
    this.options.jsonServer = jsonServer;
  }

  /** The hooks a version's runtime calls back into the engine with. */
  private hooks(model: ServiceModel, scenarios: ScenarioStates): RuntimeHooks {
    const config = this.options.configPath ?? 'mockyard';
    return {
      readBodies: this.logEnabled && (this.options.journal === true || model.server.adminToken !== undefined),
      shared: { scenarios, callbacks: model.server.callbacks === false ? undefined : this.callbacks },
      onServed: this.logEnabled ? (entry) => this.logServed(entry) : undefined,
      admin: model.server.adminToken ? this.admin : undefined,
      onError: (err) => this.emit('serverError', { code: 'internal', message: (err as Error)?.stack ?? String(err) }),
      openapi: openApiDocHook(model, basename(config, extname(config))),
      proxy: proxyHook(model.server, this.recorder),
    };
  }

  /** Makes the new runtime live. A database no longer used closes once the requests still running on it finish. */
  private swap(runtime: ServiceRuntime, db: Store, location: string, freshDb: boolean): void {
    const previous = this.runtime;
    const previousDb = this.db;
    this.runtime = runtime;
    this.db = db;
    this.dbLocation = location;
    this.version++;
    if (freshDb && previous && previousDb) void previous.drained().then(() => previousDb.close());
  }

  /** Listens on the new host or port when they changed while listening; a failure is a problem, not a throw. */
  private async rebind(server: ServiceModel['server']): Promise<Problem | undefined> {
    const address = this.listener.address;
    if (!address) return undefined;
    const samePlace = address.port === server.port && address.host === server.host;
    // Port 0 means "any free port": the one already held is as good as a new one.
    const anyPortHere = server.port === 0 && address.host === server.host;
    if (samePlace || anyPortHere) return undefined;
    try {
      this.emit('listening', await this.listener.listen(server.port, server.host));
      return undefined;
    } catch (err) {
      return errorProblem('listenFailed', listenErrorMessage(err, server.port));
    }
  }

  /** Starts listening on the applied config's host and port. */
  async start(): Promise<Address> {
    const model = this.model;
    if (!model) throw new Error('No config applied; call apply() first.');
    try {
      const address = await this.listener.listen(model.server.port, model.server.host);
      this.emit('listening', address);
      return address;
    } catch (err) {
      throw new ListenError(
        listenErrorMessage(err, model.server.port),
        (err as NodeJS.ErrnoException).code,
        model.server.port,
      );
    }
  }

  /** Stops listening; in-flight requests finish. The config and database stay open (start() again). */
  async stopListening(): Promise<void> {
    if (!this.listener.listening) return;
    await this.listener.close();
    this.emit('stopped');
  }

  get listening(): boolean {
    return this.listener.listening;
  }

  /** Overrides the config's port from now on (like --port) and rebinds if listening. */
  async setPort(port: number): Promise<Address | undefined> {
    this.options.port = port;
    const model = this.model;
    if (!model) return undefined;
    model.server.port = port;
    if (!this.listener.listening) return undefined;
    return this.start();
  }

  /** The port override of setPort() or --port; undefined: the config's `server.port` counts. */
  get portOverride(): number | undefined {
    return this.options.port;
  }

  /**
   * Sets or drops (undefined) the port override from the next apply on, without rebinding now: the
   * studio drops it when the chosen port is written into the config, which the save then applies.
   */
  overridePort(port: number | undefined): void {
    this.options.port = port;
  }

  /** Every scenario's current state. */
  scenarios(): MaybePromise<Record<string, string>> {
    return this.scenarioStates.all();
  }

  /** Sets a scenario's state by hand (the admin API, the library, the studio's switcher). */
  setScenario(name: string, state: string): MaybePromise<void> {
    if (!this.model?.scenarios?.has(name)) throw new Error(`No scenario '${name}' in the config.`);
    if (state === '' || state.length > 200) throw new Error('A scenario state is 1 to 200 characters.');
    return this.scenarioStates.set({ [name]: state });
  }

  /** Resolves once every callback queued so far has been sent or has failed. */
  callbacksSettled(): Promise<void> {
    return this.callbacks.idle();
  }

  /**
   * Stops listening (in-flight requests finish) and closes the database. `drain`: idle keep-alive
   * connections are left for their clients to close first (see Listener.close), as behind a proxy.
   */
  async stop(options: { drain?: boolean } = {}): Promise<void> {
    const wasListening = this.listener.listening;
    this.callbacks.cancel();
    await this.realtime.close();
    await this.listener.close(undefined, options);
    await this.runtime?.drained();
    await this.db?.close();
    this.db = undefined;
    this.dbLocation = undefined;
    this.runtime = undefined;
    if (wasListening) this.emit('stopped');
  }

  /** The live store of a schema's table, for the studio's data browser. */
  tableStore(schemaName: string): TableStore | undefined {
    return this.runtime?.records.stores.get(schemaName);
  }

  /**
   * The records of the applied config: what the HTTP endpoints and the studio read and write
   * through (records/). Its writes are told as `recordChanged` events, once each, in commit order.
   */
  get records(): RecordService | undefined {
    return this.runtime?.records;
  }

  /**
   * The GraphQL endpoint of the applied config (`server.graphql`), whose `schema()` is this version's
   * GraphQLSchema: what a subscription transport runs on. Undefined when GraphQL is off. Take it per
   * request: a reload brings a new one, and requests already running keep theirs.
   */
  get graphql(): GraphqlOnDemand | undefined {
    return this.runtime?.graphql;
  }

  /** Puts every table (or one schema's) back to the config's `seed:` rows; a whole reset also puts every scenario back. */
  reset(schemaName?: string): MaybePromise<Record<string, number>> {
    const model = this.model;
    const records = this.runtime?.records;
    if (!model || !records) throw new Error('No config applied.');
    const scenarios = schemaName === undefined ? this.scenarioStates.reset() : undefined;
    const tables = (): MaybePromise<Record<string, number>> => records.reset(schemaName);
    return after(scenarios instanceof Promise ? scenarios.then(tables) : tables(), (counts) => {
      for (const schema of model.schemas.values()) {
        if (schemaName === undefined || schema.name === schemaName)
          this.emit('tableChanged', { schema: schema.name, table: schema.table, change: 'reset' });
      }
      return counts;
    });
  }

  /**
   * Records each proxied JSON answer into the config file from now on ('endpoints': inline endpoints;
   * 'schemas': also a schema, resource and seed rows for a JSON array on a collection path), or stops (undefined).
   */
  setRecording(mode: RecordMode | undefined): void {
    this.recorder.mode = mode;
  }

  get recording(): RecordMode | undefined {
    return this.recorder.mode;
  }

  /** Resolves once every proxied answer so far is recorded (or skipped). */
  recordingSettled(): Promise<void> {
    return this.recorder.idle();
  }

  /** Tables of the live config, for the studio and the CLI. */
  tables(): TableSummary[] {
    return this.model ? tableSummaries(this.model) : [];
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const runtime = this.runtime;
    if (!runtime) {
      sendReply(res, errorReply(503, httpMessages.noConfigLoaded()));
      return;
    }
    if (!this.realtime.serves(req, res)) runtime.handle(req, res);
  }

  /** Connections tell the log when they open (one entry each) and, sampled, as they go on. */
  private streamLog(): StreamHooks {
    return {
      opened: (entry) => this.logServed(entry),
      updated: (entry) => {
        if (this.hasListeners('streamUpdated'))
          this.emit('streamUpdated', {
            ...entry,
            stream: entry.stream && { ...entry.stream, frames: [...entry.stream.frames] },
          });
      },
    };
  }

  /**
   * The studio serving this engine, by its origin (`http://127.0.0.1:4000`, `mockyard://studio`):
   * its Try it may open the SSE endpoints with EventSource, a cross-origin request, without the
   * config having to turn `server.cors` on (which would change what the mock's own clients see).
   */
  allowStudioOrigin(origin: string): void {
    this.studioOrigins.add(origin);
  }

  /**
   * Rows written in bulk (an import, generated rows, a restore): feeds get one `reset` for the
   * schema (clients reload) rather than one event per row.
   */
  bulkWritten(schemaName: string): void {
    const schema = this.model?.schemas.get(schemaName);
    if (schema && this.changes.active())
      this.changes.publish([{ type: 'reset', schema: schema.name, table: schema.table }]);
  }

  /** Adds a served request to the request log and tells the listeners. */
  private logServed(served: ServedRequest): void {
    this.log.add(served);
    // The served request itself (the CLI's request lines); the log keeps a copy of its fields, not the object.
    if (this.hasListeners('served')) this.emit('served', served);
    // Text bodies are made only for someone listening (the studio).
    if (this.hasListeners('request')) this.emit('request', this.log.last() as LogEntry);
  }

  private readonly admin = adminHandler({
    token: () => this.model?.server.adminToken,
    hosts: () => this.model?.server.adminHosts ?? [],
    reset: () => this.reset(),
    log: () => this.log.entries(),
    journal: {
      entries: () => this.log.entries(),
      clear: () => this.log.clear(),
      scenarios: () => this.scenarioStates.all(),
      setScenario: (name, state) => this.scenarioStates.set({ [name]: state }),
    },
  });

  private reject(problems: Problem[]): ApplyResult {
    this.emit('rejected', { problems });
    return { ok: false, problems };
  }
}
