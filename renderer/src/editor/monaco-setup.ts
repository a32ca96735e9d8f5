/**
 * Monaco, bundled: the editor and the YAML language server run from this app's own files and
 * workers (no CDN). monaco-yaml gives completion and hover docs from the config's JSON Schema;
 * the engine's own validation supplies the problems (see markers.ts).
 */
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import { configureMonacoYaml } from 'monaco-yaml';
import YamlWorker from './yaml.worker?worker';
import { configJsonSchema } from '../../../shared/src/json-schema';

export const CONFIG_MODEL_URI = 'file:///mockyard.yaml';

declare global {
  interface Window {
    MonacoEnvironment?: monaco.Environment;
  }
}

let configured = false;

export function setUpMonaco(): typeof monaco {
  if (configured) return monaco;
  configured = true;
  window.MonacoEnvironment = {
    getWorker(_moduleId: string, label: string) {
      return label === 'yaml' ? new YamlWorker() : new EditorWorker();
    },
  };
  configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    // The engine reports problems with its own messages and positions; the schema here is for
    // completion and hover. Keeping monaco-yaml's validation on would show every problem twice.
    validate: false,
    completion: true,
    hover: true,
    schemas: [
      {
        uri: 'https://mockyard.dev/schema/mockyard.schema.json',
        fileMatch: ['*'],
        schema: configJsonSchema() as never,
      },
    ],
  });
  loader.config({ monaco });
  return monaco;
}
