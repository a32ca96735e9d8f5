import type { RecordMode, RecordStatus, StudioEvents } from '../../../shared/src/studio-contract.js';
import type { Engine } from '../engine.js';
import { DomainError } from '../domain-error.js';

type Emit = <K extends 'record.status' | 'record.recorded'>(event: K, payload: StudioEvents[K]) => void;

/** Whether the engine records, and the upstream it would record from. */
export function recordStatus(engine: Engine): RecordStatus {
  return { mode: engine.recording ?? null, proxy: engine.model?.server.proxy ?? null };
}

/** The Log tab's Record toggle: on needs `server.proxy` (there is nothing to record without one). */
export function setRecording(engine: Engine, mode: RecordMode | null, emit: Emit): RecordStatus {
  if (mode !== null && mode !== 'endpoints' && mode !== 'schemas')
    throw new TypeError("record.set needs { mode: 'endpoints' | 'schemas' | null }.");
  if (mode !== null && !engine.model?.server.proxy)
    throw new DomainError(
      'conflict',
      'Recording needs a proxy: set the proxy URL in the server settings (server.proxy) and save first.',
    );
  engine.setRecording(mode ?? undefined);
  const status = recordStatus(engine);
  emit('record.status', status);
  return status;
}

/**
 * Tells the UI what was recorded, and turns recording off when an applied config no longer has a
 * proxy (the toggle would otherwise say it records while nothing can be).
 */
export function watchRecording(
  session: { on(event: 'config.applied', listener: () => void): () => void },
  engine: Engine,
  emit: Emit,
): void {
  engine.on('recorded', ({ method, path, status, schema }) =>
    emit('record.recorded', schema === undefined ? { method, path, status } : { method, path, status, schema }),
  );
  session.on('config.applied', () => {
    if (engine.recording && !engine.model?.server.proxy) engine.setRecording(undefined);
    emit('record.status', recordStatus(engine));
  });
}
