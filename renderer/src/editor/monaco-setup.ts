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
import { registerConfigCompletion } from './completion';
import { registerQuickFixes } from './quick-fixes';
import { withoutEndpointSkeletons } from './yaml-completion-filter';

export const CONFIG_MODEL_URI = 'file:///mockyard.yaml';
/** vs-dark with comments at 5.0:1 on its background (vs-dark's #608b4e is 4.2:1, under WCAG AA's 4.5:1). */
export const DARK_THEME = 'mockyard-dark';

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
  configureMonacoYaml(withoutEndpointSkeletons(monaco), {
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
  registerConfigCompletion(monaco);
  registerQuickFixes(monaco);
  monaco.editor.defineTheme(DARK_THEME, {
    base: 'vs-dark',
    inherit: true,
    rules: [{ token: 'comment', foreground: '6a9955' }],
    colors: {},
  });
  // Word-based suggestions offer any word of the file (`00Z`, `Ada`) where the config has names to
  // offer. They are a global option of the standalone editor, set through an editor: the first one
  // showing YAML turns them off (every editor here is standalone, so the cast holds).
  monaco.editor.onDidCreateEditor((created) => {
    const editor = created as monaco.editor.IStandaloneCodeEditor;
    const fitOptions = (): void => {
      if (editor.getModel()?.getLanguageId() === 'yaml') editor.updateOptions({ wordBasedSuggestions: 'off' });
    };
    fitOptions();
    editor.onDidChangeModel(fitOptions);
    editor.onDidChangeModelLanguage(fitOptions);
  });
  loader.config({ monaco });
  return monaco;
}
