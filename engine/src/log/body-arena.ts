/** Where a body sits in the arena: absolute offsets, so overwritten bodies can be told apart. */
export interface BodyRef {
  start: number;
  length: number;
  /** The body's full size in bytes; more than `length` when it was cut to the body limit. */
  size: number;
}

/**
 * The request log's bodies, written into one preallocated ring of bytes. Logging a request then
 * allocates nothing large on the JS heap (a kept string would be copied by every young-generation
 * GC until it grew old, and a Buffer per body adds GC pressure of its own), and the log's memory is
 * fixed. The newest bodies always fit; the oldest are overwritten and read back as gone.
 */
export class BodyArena {
  private readonly bytes: Buffer;
  /** Bytes ever written, counting skipped tails: the absolute offset of the write position. */
  private written = 0;

  constructor(readonly capacity: number) {
    this.bytes = Buffer.allocUnsafeSlow(capacity);
  }

  /** The last body kept, and where: a body the same as the last shares its bytes. */
  private last: { text: string; limit: number; ref: BodyRef } | undefined;

  /**
   * Keeps up to `limit` bytes of `text` (never more than a quarter of the arena). The same text as
   * the last one (a list polled again, answered from the store's kept pages with the very same
   * string) is not written again: its entry shares the last one's bytes, which are the newest and so
   * still kept.
   */
  put(text: string, limit: number): BodyRef | undefined {
    if (text.length === 0) return undefined;
    const last = this.last;
    if (last && last.limit === limit && last.text === text) return last.ref;
    // UTF-8 takes at most 3 bytes per UTF-16 unit: reserve that, and measure the text only when
    // the write may have been cut short (the common case writes once and scans nothing twice).
    const room = Math.min(limit, this.capacity >> 2, text.length * 3);
    let pos = this.written % this.capacity;
    if (pos + room > this.capacity) {
      this.written += this.capacity - pos;
      pos = 0;
    }
    const length = this.bytes.write(text, pos, room, 'utf8');
    const size = room < text.length * 3 && length + 3 >= room ? Buffer.byteLength(text, 'utf8') : length;
    const ref = { start: this.written, length, size };
    this.written += length;
    this.last = { text, limit, ref };
    return ref;
  }

  /** The kept text, or undefined when newer bodies have overwritten it. */
  get(ref: BodyRef): string | undefined {
    if (this.written - ref.start > this.capacity) return undefined;
    const pos = ref.start % this.capacity;
    return this.bytes.toString('utf8', pos, pos + ref.length);
  }
}
