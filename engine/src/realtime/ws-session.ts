/**
 * One WebSocket connection of a `websocket:` endpoint: onConnect, message rules (reply, broadcast,
 * close, latency), otherwise (echo, ignore, a message), interval sends, a table feed, ping/pong and
 * the send buffer bound. A reload hands it the endpoint's new version (rebind).
 */
import type { WebSocket, RawData } from 'ws';
import { realtimeMessages } from '../../../shared/src/realtime-messages.js';
import { type MatchFacts, conditionHolds } from '../http/rule-match.js';
import { randomIntIn } from '../templates/random.js';
import type { TemplateContext } from '../templates/render.js';
import { type RequestFacts, templateContext } from '../templates/request-view.js';
import type { FeedChange } from './feed-buffer.js';
import { type MessageModel, type MessageRuleModel, type WebSocketModel, realtimeName } from './realtime-model.js';
import type { SessionEnv } from './session-env.js';
import { SessionTasks } from './session-tasks.js';
import type { StreamRecorder } from './stream-recorder.js';

const OPEN = 1;
/** Policy violation: the client broke a bound (it did not read what it was sent). */
const CLOSE_POLICY = 1008;
/** ws.send options, made once. */
const TEXT = { binary: false } as const;
const BINARY = { binary: true } as const;

const factsWith = (body: unknown): MatchFacts => ({ method: 'GET', params: {}, query: undefined, headers: {}, body });

/** `{"event":"created","record":{…}}`: the record's JSON text as the store made it, not parsed again. */
export const feedFrame = (change: FeedChange): string =>
  change.record === undefined ? `{"event":"${change.type}"}` : `{"event":"${change.type}","record":${change.record}}`;

export class WsSession {
  private alive = true;
  /** The interval sends and the feed subscription. */
  private readonly tasks = new SessionTasks();
  private readonly base: TemplateContext;
  /** Resolves once the connection is closed. */
  readonly closed: Promise<void>;
  private resolveClosed: () => void = () => {};

  constructor(
    private readonly ws: WebSocket,
    private endpoint: WebSocketModel,
    private env: SessionEnv,
    facts: RequestFacts,
    /** The concrete path: broadcasts reach the connections of the same one. */
    readonly room: Set<WsSession>,
    private readonly recorder: StreamRecorder,
    private readonly gone: (session: WsSession) => void,
  ) {
    this.base = templateContext(facts);
    this.closed = new Promise((resolve) => {
      this.resolveClosed = resolve;
    });
  }

  get path(): string {
    return this.endpoint.path;
  }

  start(): void {
    const { ws } = this;
    ws.on('message', (data, isBinary) => this.received(data, isBinary));
    ws.on('pong', () => {
      this.alive = true;
    });
    ws.on('error', () => {}); // 'close' follows, with its code
    ws.on('close', (code, reason) => {
      this.stop();
      this.room.delete(this);
      this.recorder.closed(code, reason.toString());
      this.gone(this);
      this.resolveClosed();
    });
    this.room.add(this);
    if (this.endpoint.onConnect) this.sendMessage(this.endpoint.onConnect, undefined);
    this.begin();
  }

  /** Interval and feed of the current endpoint version. */
  private begin(): void {
    const { interval, feed } = this.endpoint;
    if (interval) this.tasks.every(interval.every, () => this.sendMessage(interval.send, undefined));
    if (feed) this.tasks.subscribed(this.env.feeds.subscribe(feed.name, (change) => this.send(feedFrame(change))));
  }

  private stop(): void {
    this.tasks.stop();
  }

  /** The endpoint's new version after a reload: its rules, interval and feed from now on. */
  rebind(endpoint: WebSocketModel, env: SessionEnv): void {
    if (endpoint === this.endpoint && env === this.env) return;
    this.stop();
    this.endpoint = endpoint;
    this.env = env;
    if (this.ws.readyState === OPEN) this.begin();
  }

  /** Sends a ping; a client that did not answer the previous one is dropped. */
  heartbeat(): void {
    if (!this.alive) {
      this.recorder.closed(1006, 'No answer to a ping.');
      this.ws.terminate();
      return;
    }
    this.alive = false;
    this.ws.ping();
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }

  terminate(): void {
    this.ws.terminate();
  }

  /**
   * Whether a frame may be sent now: the socket is open and the client has not left more than the
   * send buffer unread (such a client is dropped).
   */
  private writable(): boolean {
    const { ws } = this;
    if (ws.readyState !== OPEN) return false;
    if (ws.bufferedAmount > this.env.limits.sendBuffer) {
      this.recorder.closed(CLOSE_POLICY, realtimeMessages.slowClient());
      ws.terminate();
      return false;
    }
    return true;
  }

  /** Sends a text frame (when writable()). */
  send(text: string): void {
    if (!this.writable()) return;
    this.ws.send(text);
    this.recorder.frame('out', text, Buffer.byteLength(text));
  }

  /** Sends the frame just received back (echo), no decoding or encoding on the way; logged at `at`, its arrival. */
  private echo(frame: Buffer, isBinary: boolean, at: number): void {
    if (!this.writable()) return;
    this.ws.send(frame, isBinary ? BINARY : TEXT);
    this.recorder.echoed(frame.length, at);
  }

  private context(message: unknown): TemplateContext {
    return message === undefined ? this.base : { ...this.base, message };
  }

  private sendMessage(message: MessageModel, incoming: unknown): void {
    const text = this.render(message, incoming);
    if (text !== undefined) this.send(text);
  }

  private render(message: MessageModel, incoming: unknown): string | undefined {
    try {
      return this.env.renderer.render(message, this.context(incoming));
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      this.send(JSON.stringify({ error: `The template of ${realtimeName(this.endpoint)} failed: ${detail}` }));
      return undefined;
    }
  }

  /** A frame from the client: logged, then echoed (an endpoint with no rules), or on to the rules. */
  private received(data: RawData, isBinary: boolean): void {
    const buffer = data as Buffer;
    const { endpoint, recorder } = this;
    const at = recorder.now();
    recorder.frame('in', isBinary ? undefined : buffer, buffer.length, at);
    if (endpoint.rules.length === 0 && endpoint.otherwise === 'echo') this.echo(buffer, isBinary, at);
    // Binary frames are echoed by an endpoint with no rules only; rules read text.
    else if (!isBinary) this.answer(endpoint, buffer, at);
  }

  /** A text frame, logged at `at`: the first rule it matches, else `otherwise`. */
  private answer(endpoint: WebSocketModel, buffer: Buffer, at: number): void {
    const text = buffer.toString('utf8');
    let json: unknown;
    let isJson = false;
    try {
      json = JSON.parse(text);
      isJson = true;
    } catch {}
    const jsonFacts = factsWith(isJson ? json : undefined);
    const textFacts = factsWith(text);
    const rule = endpoint.rules.find((r) =>
      r.when.every((c) => conditionHolds(c.condition, c.whole ? textFacts : jsonFacts)),
    );
    const message = isJson ? json : text;
    if (rule) {
      const { latency } = rule;
      const wait = latency ? randomIntIn(this.env.random, latency.min, latency.max) : 0;
      if (wait > 0) setTimeout(() => this.act(rule, message), wait).unref();
      else this.act(rule, message);
      return;
    }
    if (endpoint.rulesReadJson && !isJson) {
      this.send(JSON.stringify({ error: realtimeMessages.notJsonFrame() }));
      return;
    }
    if (endpoint.otherwise === 'echo') this.echo(buffer, false, at);
    else if (endpoint.otherwise !== 'ignore') this.sendMessage(endpoint.otherwise, message);
  }

  private act(rule: MessageRuleModel, message: unknown): void {
    if (this.ws.readyState !== OPEN) return;
    if (rule.reply) this.sendMessage(rule.reply, message);
    if (rule.broadcast) {
      const text = this.render(rule.broadcast, message);
      if (text !== undefined) for (const session of this.room) session.send(text);
    }
    if (rule.close) this.close(rule.close.code, rule.close.reason);
  }
}
