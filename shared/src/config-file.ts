/**
 * Which files are Mockyard configs: `.mockyard` (the desktop app's own file type: Windows and macOS
 * match only the last extension, so `x.mockyard.yaml` can never be associated as a type of its own)
 * and plain YAML (`.yaml`, `.yml`, which includes `x.mockyard.yaml`). All are YAML inside.
 */
export const CONFIG_EXTENSIONS = ['mockyard', 'yaml', 'yml'] as const;

/** True when `path` names a config by its extension (case-insensitive). */
export const isConfigPath = (path: string): boolean => /\.(?:mockyard|ya?ml)$/i.test(path);

/** True for what the studio can open: a config, or a `.json` file (a json-server db.json, or a config as JSON). */
export const isOpenablePath = (path: string): boolean => isConfigPath(path) || /\.json$/i.test(path);

/** The answer when a file to open is refused by its extension. */
export const OPEN_FILE_HINT =
  'Only Mockyard configs (.mockyard, .yaml, .yml) and json-server databases (db.json) can be opened.';
