/** The engine's public API: everything the CLI and the desktop app use. */
export { Engine, ListenError, type ApplyResult, type EngineEvents, type EngineOptions } from './engine.js';
export { validateConfig, type ValidationResult } from './config/validate.js';
export { RequestLog } from './log/request-log.js';
export { tableNameFor } from './model/table-name.js';
export { watchConfig } from './watch.js';
export type { Address } from './http/listener.js';
