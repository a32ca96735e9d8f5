/**
 * The `mockyard` package as a library (`import { startMock } from 'mockyard'` or `require('mockyard')`):
 * plain Node, no Electron. The desktop app and the CLI have their own entries.
 */
export { startMock } from './start-mock.js';
export type {
  JournalEntry,
  Mock,
  MockOptions,
  RequestFilter,
  VerifyExpectation,
  VerifyResult,
} from './types.js';
