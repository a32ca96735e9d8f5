import type { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { createRequire, workerThreads } from '../../on-demand.js';

/**
 * Moves the WAL's checkpoints off the thread that answers requests.
 *
 * SQLite checkpoints a WAL database from the connection that commits the 1000th frame: it copies the
 * frames into the database file and fsyncs the WAL and the file, inside that commit. On the serving
 * connection that is the event loop waiting on the disk: under wrk on POST /users the server made a
 * checkpoint about every 930 writes, each with 3 fsyncs (about 15 ms on the first, which flushes the
 * WAL), and sat idle at ~90% CPU while the bench's bare server was at 100% (that server then never
 * checkpointed at all, a fault of its own since fixed: bench/src/baseline-server.ts).
 *
 * Here a worker thread with its own connection to the file runs `wal_checkpoint(PASSIVE)` every
 * `CHECKPOINT_EVERY` writes (about SQLite's own interval: more often cost the worker more CPU, which
 * shares the core with the serving thread when a bench pins the process to one). A passive
 * checkpoint takes no lock a writer needs, so the serving connection keeps committing while the
 * worker copies and fsyncs. Measured (schedstat of the serving thread under wrk on POST /users):
 * asleep 8.7-9.7% of the time before, 1.4-1.9% after. Durability is unchanged: a write
 * is in the WAL (the OS's page cache) before its answer is sent, whoever checkpoints it later.
 *
 * The serving connection keeps its own automatic checkpoint as a safety net, raised to
 * `SAFETY_NET_FRAMES`: under a write load that never pauses the WAL can never restart from its
 * start (that needs every frame copied with no write in between), and the net then copies the few
 * frames the worker has not and restarts it. Should the worker fail, SQLite's default comes back.
 *
 * The worker starts after `START_AFTER` writes, not at open: most stores (tests, a studio session,
 * a mock clicked at) never write enough to need it, and a thread costs a startup of its own.
 */
const START_AFTER = 200;
const CHECKPOINT_EVERY = 1000;
const SAFETY_NET_FRAMES = 10_000;
/** SQLite's own `wal_autocheckpoint` default, in frames. */
const SQLITE_DEFAULT_FRAMES = 1000;

/** What the worker is given: the file, and the same better-sqlite3 build as the serving connection. */
interface WorkerData {
  file: string;
  module: string;
  nativeBinding: string | undefined;
}

/**
 * The worker's code, as a CommonJS script (`eval`): it has no file of its own, so it runs the same
 * from dist/, the CLI bundle and the desktop bundle. It answers each message with the checkpoint's
 * result, and closes its connection on `close`.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const options = { fileMustExist: true };
if (workerData.nativeBinding) options.nativeBinding = workerData.nativeBinding;
const db = new Database(workerData.file, options);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  parentPort.postMessage(checkpoint.get());
});
parentPort.postMessage('ready');
`;

/** Result of one checkpoint: busy (1 when it could not run), frames in the WAL, frames copied. */
interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export class Checkpointer {
  private worker: Worker | undefined;
  private ready = false;
  /** No worker after a failure or close: SQLite checkpoints as it would by itself. */
  private off = false;
  private writes = 0;
  /** A checkpoint was asked for and has not answered: no other is asked for (a slow disk must not queue them up). */
  private running = false;
  /** Checkpoints the worker has run, and the last one's result (for tests). */
  runs = 0;
  last: CheckpointResult | undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly file: string,
    private readonly nativeBinding: string | undefined,
  ) {}

  /** Where it is: waiting for writes, starting its worker, checkpointing there, or off (closed or failed). */
  get state(): 'idle' | 'starting' | 'running' | 'off' {
    return this.off ? 'off' : this.ready ? 'running' : this.worker ? 'starting' : 'idle';
  }

  /** Called after each committed write on the serving connection. */
  wrote(): void {
    if (this.off || ++this.writes < (this.worker ? CHECKPOINT_EVERY : START_AFTER)) return;
    if (!this.worker) {
      this.writes = 0;
      this.start();
    } else if (this.ready && !this.running) {
      this.writes = 0;
      this.running = true;
      this.worker.postMessage('checkpoint');
    }
  }

  private start(): void {
    const data: WorkerData = {
      file: this.file,
      module: createRequire(import.meta.url).resolve('better-sqlite3'),
      nativeBinding: this.nativeBinding,
    };
    // execArgv: none of the process's flags (`--input-type=module` would make this CommonJS source a module).
    const worker = new (workerThreads().Worker)(WORKER_SOURCE, { eval: true, workerData: data, execArgv: [] });
    this.worker = worker;
    // The process may exit with the worker still running: its connection holds nothing to finish.
    worker.unref();
    worker.on('message', (message: 'ready' | CheckpointResult) => {
      if (message === 'ready') {
        if (this.off || !this.db.open) return;
        this.ready = true;
        this.db.pragma(`wal_autocheckpoint = ${SAFETY_NET_FRAMES}`);
        return;
      }
      this.running = false;
      this.runs++;
      this.last = message;
    });
    worker.on('error', () => this.fallBack());
    worker.on('exit', () => this.fallBack());
  }

  /** Back to SQLite's own checkpoints on the serving connection. */
  private fallBack(): void {
    this.worker = undefined;
    if (this.off) return;
    this.off = true;
    this.ready = false;
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_FRAMES}`);
  }

  /**
   * Closes the worker's connection first, so that the serving connection is the file's last and
   * SQLite's checkpoint on close folds the WAL into the file as it always did.
   */
  close(): Promise<void> {
    const worker = this.worker;
    this.off = true;
    this.worker = undefined;
    if (!worker) return Promise.resolve();
    return new Promise((resolve) => {
      // Held from here: an unref'd worker would not keep the event loop alive until its 'exit', and a
      // process whose last handle it is would end with this close (and the file's) never finished.
      worker.ref();
      worker.once('exit', () => resolve());
      if (this.ready) worker.postMessage('close');
      else void worker.terminate();
    });
  }
}
