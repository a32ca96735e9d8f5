import type { Problem } from '../../../shared/src/problems';
import type { EndpointSummary } from '../../../shared/src/service-summary';
import type { ServerStatus, TableInfo } from '../../../shared/src/studio-contract';

export interface StudioState {
  loaded: boolean;
  path: string;
  database: string;
  text: string;
  savedText: string;
  dirty: boolean;
  problems: Problem[];
  /** How long the last validation took in the engine, in ms. */
  validationMs: number | undefined;
  endpoints: EndpointSummary[];
  status: ServerStatus | undefined;
  tables: TableInfo[];
  /** The file's new text when it changed on disk while the editor had unsaved edits. */
  diskText: string | undefined;
  saving: boolean;
  error: string | undefined;
  /** The editor's text is an unsaved edit kept across a reload (see api/draft.ts), not the file. */
  restored: boolean;
  /** A json-server db.json is open: its config is shown read-only until converted (ConfigState.dbJson). */
  dbJson: { convertTo: string } | undefined;
}

/** Before the config is read. */
export const INITIAL_STATE: StudioState = {
  loaded: false,
  path: '',
  database: '',
  text: '',
  savedText: '',
  dirty: false,
  problems: [],
  validationMs: undefined,
  endpoints: [],
  status: undefined,
  tables: [],
  diskText: undefined,
  saving: false,
  error: undefined,
  restored: false,
  dbJson: undefined,
};
