// monaco-yaml's worker, as its own bundled file so Vite can emit it.
import 'monaco-yaml/yaml.worker.js';
