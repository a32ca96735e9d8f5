/**
 * Sends the callbacks (webhooks) of answered requests: each after its delay, with a timeout, at
 * most MAX_PENDING waiting or in flight (more are dropped, and logged as dropped). A failure is
 * logged and goes no further: the response it follows was sent before. Each callback becomes an
 * outgoing entry of the request log (and so of the journal) with the receiver's status or the error.
 */
import type { LogEntry } from '../../../shared/src/log-entry.js';

/** Callbacks waiting for their delay or their receiver, at most; more are dropped. */
export const MAX_PENDING = 100;
/** Longest receiver answer read (and logged), in bytes; the rest is not read. */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** A rendered callback, ready to go. */
export interface OutgoingCall {
  url: string;
  /** The origin the config wrote out: the rendered URL must still have it. */
  origin: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  delay: number;
  timeout: number;
  /** The endpoint whose answer it follows, and the callback's line in the config. */
  endpoint: string;
  line: number;
}

/** Reads at most `limit` bytes of an answer's body, and stops the rest. */
async function boundedText(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  if (size >= limit) await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

export class CallbackSender {
  private pending = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly aborts = new Set<AbortController>();
  private waiters: (() => void)[] = [];

  constructor(private readonly logged: (entry: LogEntry) => void) {}

  /** Queues a callback; one that cannot be queued (full, closed, a URL off its origin) is logged as failed. */
  send(call: OutgoingCall): void {
    let url: URL | undefined;
    try {
      url = new URL(call.url);
    } catch {
      url = undefined;
    }
    if (!url || url.origin !== call.origin) {
      this.log(
        call,
        Date.now(),
        0,
        0,
        undefined,
        `the rendered URL '${call.url.slice(0, 200)}' is not on ${call.origin}`,
      );
      return;
    }
    if (this.pending >= MAX_PENDING) {
      this.log(call, Date.now(), 0, 0, undefined, `dropped: ${MAX_PENDING} callbacks are already waiting`);
      return;
    }
    this.pending++;
    const go = (): void => {
      void this.deliver(call, url as URL).finally(() => this.done());
    };
    if (call.delay <= 0) {
      go();
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      go();
    }, call.delay);
    this.timers.add(timer);
  }

  /** Logs a callback that could not be made (a template failed). */
  refuse(call: OutgoingCall, reason: string): void {
    this.log(call, Date.now(), 0, 0, undefined, reason);
  }

  /** Resolves once nothing is waiting or in flight. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Drops the callbacks still waiting for their delay and aborts those in flight (the mock stops). */
  cancel(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.pending -= this.timers.size;
    this.timers.clear();
    for (const abort of this.aborts) abort.abort(new Error('the mock stopped'));
    if (this.pending <= 0) this.release();
  }

  private done(): void {
    if (--this.pending <= 0) this.release();
  }

  private release(): void {
    this.pending = Math.max(0, this.pending);
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private async deliver(call: OutgoingCall, url: URL): Promise<void> {
    const time = Date.now();
    const start = performance.now();
    const abort = new AbortController();
    this.aborts.add(abort);
    const timer = setTimeout(() => abort.abort(new Error(`no answer within ${call.timeout} ms`)), call.timeout);
    try {
      const response = await fetch(url, {
        method: call.method,
        headers: call.headers,
        body: call.body,
        // A redirect could lead anywhere: the callback goes only where the config says.
        redirect: 'manual',
        signal: abort.signal,
      });
      const text = await boundedText(response, MAX_ANSWER_BYTES);
      this.log(call, time, performance.now() - start, response.status, { headers: response.headers, text });
    } catch (err) {
      const reason = abort.signal.aborted ? abort.signal.reason : err;
      const cause = (reason as { cause?: { code?: string; message?: string } })?.cause;
      const message = cause?.code ?? cause?.message ?? (reason as Error)?.message ?? String(reason);
      this.log(call, time, performance.now() - start, 0, undefined, message);
    } finally {
      clearTimeout(timer);
      this.aborts.delete(abort);
    }
  }

  private log(
    call: OutgoingCall,
    time: number,
    duration: number,
    status: number,
    answer: { headers: Headers; text: string } | undefined,
    error?: string,
  ): void {
    let path = call.url;
    let query = '';
    try {
      const url = new URL(call.url);
      path = url.pathname;
      query = url.search.slice(1);
    } catch {
      // Logged as written.
    }
    const notes = [
      `callback of ${call.endpoint} (line ${call.line})${call.delay > 0 ? ` after ${call.delay} ms` : ''}`,
    ];
    if (error) notes.push(`callback failed: ${error}`);
    this.logged({
      id: 0,
      time,
      method: call.method,
      path,
      query,
      requestHeaders: call.headers,
      requestBody: call.body ?? '',
      endpoint: call.endpoint,
      params: {},
      status,
      responseHeaders: answer ? Object.fromEntries(answer.headers) : {},
      responseBody: answer?.text ?? '',
      duration,
      notes,
      outgoing: error ? { url: call.url, error } : { url: call.url },
    });
  }
}
