import type { ApplyResult } from '../engine-api.js';
import type { ProxiedExchange, ProxyListener } from '../http/proxy.js';
import type { ServiceModel } from '../model/service-model.js';
import type { ValidationResult } from '../config/check.js';
import type { ConfigChange } from '../../../shared/src/config-edit/changes.js';

/** `endpoints`: each proxied JSON answer becomes an inline endpoint; `schemas`: a JSON array on a collection path becomes a schema, a resource and seed rows. */
export type RecordMode = 'endpoints' | 'schemas';

/** Largest answer body recorded, in bytes (as received); a larger one is passed through and not recorded. */
export const RECORD_BODY_LIMIT = 8 * 1024 * 1024;

/** What a recorded exchange became. */
export interface RecordedEvent {
  method: string;
  path: string;
  status: number;
  /** The schema made for a JSON array (--record-schemas); undefined for an inline endpoint. */
  schema?: string;
  /** The config file written. */
  file: string;
}

/** What the recorder needs of the engine. */
export interface RecordHost {
  configPath(): string | undefined;
  model(): ServiceModel | undefined;
  validate(text: string): Promise<ValidationResult>;
  apply(config: string | ValidationResult): Promise<ApplyResult>;
  /**
   * Writes the changes into the config and applies it, resolving false when it would not validate;
   * undefined: the recorder reads, edits, checks, applies and writes the file itself.
   */
  commit(changes: ConfigChange[]): Promise<boolean> | undefined;
  recorded(event: RecordedEvent): void;
  failed(message: string): void;
}

/**
 * Record on or off. Light on purpose: the recorder itself (the comment-keeping edits, `yaml`) loads
 * with the first exchange recorded, so a server that never records never loads it.
 */
export class RecordSwitch implements ProxyListener {
  mode: RecordMode | undefined;
  private recorder: Promise<import('./recorder.js').Recorder> | undefined;

  constructor(private readonly host: RecordHost) {}

  readonly captureLimit = (): number => (this.mode ? RECORD_BODY_LIMIT : 0);

  readonly exchanged = (exchange: ProxiedExchange): void => {
    const mode = this.mode;
    if (!mode || !exchange.captured) return;
    this.recorder ??= import('./recorder.js').then((m) => new m.Recorder(this.host));
    void this.recorder
      .then((recorder) => recorder.record(exchange, mode))
      .catch((err: unknown) =>
        this.host.failed(`Recording ${exchange.method} ${exchange.path} failed: ${(err as Error).message}`),
      );
  };

  /** Resolves once every exchange handed over so far is recorded (or skipped). */
  async idle(): Promise<void> {
    await (await this.recorder)?.idle();
  }
}
