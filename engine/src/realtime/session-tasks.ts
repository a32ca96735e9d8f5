/** What keeps a realtime session going besides its socket: its timers and its feed subscription. */

/** A session's repeating timers and feed subscription, stopped together (a close, or a reload's rebind). */
export class SessionTasks {
  private readonly timers = new Set<NodeJS.Timeout>();
  private offFeed: (() => void) | undefined;

  /** Runs `work` every `ms` until stop(); the timer does not keep the process alive. */
  every(ms: number, work: () => void): void {
    const timer = setInterval(work, ms);
    timer.unref();
    this.timers.add(timer);
  }

  /** The feed subscription (what `subscribe` returned to end it). */
  subscribed(off: () => void): void {
    this.offFeed?.();
    this.offFeed = off;
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    this.offFeed?.();
    this.offFeed = undefined;
  }
}
