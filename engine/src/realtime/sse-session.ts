/**
 * One stream of an `sse:` endpoint: its events each after its delay (looping with `repeat`), or a
 * table feed with Last-Event-ID replay; comment heartbeats while idle; the send buffer bound.
 */
import type { ServerResponse } from 'node:http';
import { MIN_INTERVAL_MS } from '../../../shared/src/realtime-schema.js';
import { realtimeMessages } from '../../../shared/src/realtime-messages.js';
import type { TemplateContext } from '../templates/render.js';
import type { FeedChange } from './feed-buffer.js';
import { realtimeName, type SseModel } from './realtime-model.js';
import type { SessionEnv } from './session-env.js';
import { SessionTasks } from './session-tasks.js';
import type { StreamRecorder } from './stream-recorder.js';

/** One event as the stream carries it: `event:`, `id:`, then one `data:` line per line of the data. */
export function eventText(event: string | undefined, id: number | undefined, data: string): string {
  let out = event === undefined ? '' : `event: ${event}\n`;
  if (id !== undefined) out += `id: ${id}\n`;
  for (const line of data.split(/\r\n|\r|\n/)) out += `data: ${line}\n`;
  return `${out}\n`;
}

const feedEvent = (change: FeedChange): string =>
  eventText(change.type, change.id, change.record ?? JSON.stringify({ event: change.type }));

/**
 * Where an events stream resumes for a Last-Event-ID: the count of events already sent (ids are
 * 1, 2, 3… across loops); 'done' when a stream that does not repeat had sent them all (answered 204,
 * which tells EventSource to stop reconnecting).
 */
export function resumeAt(endpoint: SseModel, lastEventId: string | undefined): number | 'done' {
  const sent = lastEventId === undefined ? 0 : Number(lastEventId);
  if (!Number.isSafeInteger(sent) || sent < 0) return 0;
  if (!endpoint.repeat && sent >= endpoint.events.length) return 'done';
  return sent;
}

export class SseSession {
  private timer: NodeJS.Timeout | undefined;
  /** The heartbeat and the feed subscription. */
  private readonly tasks = new SessionTasks();
  private lastWrite = performance.now();
  /** Events sent so far (the next id is this + 1). */
  private sent: number;
  /** performance.now() when the current loop of a repeating stream began, and its delays so far. */
  private loopDelay = 0;
  private ended = false;

  constructor(
    private readonly res: ServerResponse,
    private endpoint: SseModel,
    private env: SessionEnv,
    private readonly context: TemplateContext,
    private readonly recorder: StreamRecorder,
    start: number,
    private readonly gone: (session: SseSession) => void,
  ) {
    this.sent = start;
  }

  get path(): string {
    return this.endpoint.path;
  }

  start(headers: Record<string, string>, lastEventId: string | undefined): void {
    const { res } = this;
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // nginx would otherwise buffer the stream.
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.on('close', () => {
      this.stop();
      this.recorder.closed(0, this.ended ? 'The stream ended.' : 'The client left.');
      this.gone(this);
    });
    this.tasks.every(Math.max(1000, this.endpoint.heartbeat / 2), () => this.heartbeat());
    this.begin(lastEventId);
  }

  private begin(lastEventId: string | undefined): void {
    const { feed } = this.endpoint;
    if (feed) {
      const { feeds } = this.env;
      if (lastEventId !== undefined) {
        const missed = feeds.since(feed.name, Number(lastEventId));
        if (missed === 'reset') this.write(eventText('reset', feeds.lastId, JSON.stringify({ event: 'reset' })));
        else for (const change of missed) this.write(feedEvent(change));
      }
      this.tasks.subscribed(feeds.subscribe(feed.name, (change) => this.write(feedEvent(change))));
      return;
    }
    this.next();
  }

  /** Schedules the next event of the list. */
  private next(): void {
    const { events, repeat } = this.endpoint;
    if (!repeat && this.sent >= events.length) {
      this.ended = true;
      this.res.end();
      return;
    }
    const index = this.sent % events.length;
    const event = events[index] as SseModel['events'][number];
    let wait = event.delay;
    if (index === 0 && this.sent > 0) {
      // A loop whose delays add up to less than MIN_INTERVAL_MS waits the rest: never a busy loop.
      wait = Math.max(wait, MIN_INTERVAL_MS - this.loopDelay);
      this.loopDelay = 0;
    }
    this.loopDelay += wait;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      let data: string;
      try {
        data = this.env.renderer.render(event.data, this.context);
      } catch (err) {
        const detail = err instanceof Error ? err.message : String(err);
        data = JSON.stringify({ error: `The template of ${realtimeName(this.endpoint)} failed: ${detail}` });
      }
      this.sent++;
      if (this.write(eventText(event.event, this.sent, data))) this.next();
    }, wait);
  }

  private heartbeat(): void {
    if (performance.now() - this.lastWrite >= this.endpoint.heartbeat) this.write(': heartbeat\n\n', false);
  }

  /** Writes, or drops a client that left more than the send buffer unread; false once the stream is gone. */
  private write(text: string, log = true): boolean {
    const { res } = this;
    if (res.destroyed || res.writableEnded) return false;
    if (res.writableLength > this.env.limits.sendBuffer) {
      this.recorder.closed(0, realtimeMessages.slowClient());
      res.destroy();
      return false;
    }
    res.write(text);
    this.lastWrite = performance.now();
    if (log) this.recorder.frame('out', text, Buffer.byteLength(text));
    return true;
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.tasks.stop();
  }

  /** The endpoint's new version after a reload; a stream of events goes on from where it is. */
  rebind(endpoint: SseModel, env: SessionEnv): void {
    if (endpoint === this.endpoint && env === this.env) return;
    const wasFeed = this.endpoint.feed?.name;
    this.endpoint = endpoint;
    this.env = env;
    if (wasFeed !== endpoint.feed?.name || (!wasFeed && this.timer === undefined)) {
      this.stop();
      this.tasks.every(Math.max(1000, endpoint.heartbeat / 2), () => this.heartbeat());
      if (endpoint.feed)
        this.tasks.subscribed(this.env.feeds.subscribe(endpoint.feed.name, (c) => this.write(feedEvent(c))));
      else this.next();
    }
  }

  /** Ends the stream (a reload removed its endpoint, or the server stops). */
  close(reason: string): void {
    this.stop();
    this.recorder.closed(0, reason);
    this.res.end();
  }
}
