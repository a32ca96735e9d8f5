import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { counted } from '../../../shared/src/plural.js';
import type { OpenApiImport } from '../../../shared/src/studio-contract.js';
import { DomainError } from '../domain-error.js';

/** Largest description the studio imports (the text travels in one call). */
const IMPORT_LIMIT = 20 * 1024 * 1024;

/**
 * The studio's Import OpenAPI: the description's text (a picked or dropped file) → a config text
 * and its summary, by the same importer as `mockyard import`. The text is read from a file of its
 * own name in an empty temp folder, so a `$ref` to another file is reported as broken rather than
 * read from somewhere else. Bad input rejects with one line (400); nothing is written.
 */
export async function importOpenApiText(name: string, text: string): Promise<OpenApiImport> {
  if (typeof name !== 'string' || typeof text !== 'string')
    throw new TypeError('openapi.import needs { name: string, text: string }.');
  if (text.length > IMPORT_LIMIT)
    throw new DomainError('invalid', `${name} is larger than 20 MB; import it with \`mockyard import\`.`, {
      detail: 'too_large',
    });
  const shown = basename(name) || 'openapi.yaml';
  // The parser tells YAML from JSON by the extension; a name without one is read as YAML (JSON is YAML too).
  const file = /\.(ya?ml|json)$/i.test(shown) ? shown : `${shown}.yaml`;
  const dir = await mkdtemp(join(tmpdir(), 'mockyard-import-'));
  try {
    const path = join(dir, file);
    await writeFile(path, text);
    const { importOpenApi } = await import('../openapi/import.js');
    try {
      const { text: config, title, summary, renames, skipped } = await importOpenApi(path, shown);
      return { text: config, title, summary, renames, skipped };
    } catch (err) {
      const message = ((err as Error).message.split('\n')[0] ?? '').replaceAll(path, shown).replaceAll(dir, '.');
      // The studio gets the description's text only, not the files beside it.
      const otherFile = /Error opening file|ENOENT/.test(message)
        ? ` It refers to another file, which the studio is not given: run \`mockyard import ${shown}\` where its files are.`
        : '';
      throw new DomainError('invalid', `Not imported: ${message}${otherFile}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The studio's Export OpenAPI: the OpenAPI 3.1 description of a config text, named after the config. */
export async function exportOpenApiText(
  text: string,
  configPath: string,
  format: 'yaml' | 'json',
): Promise<{ text: string; filename: string }> {
  if (format !== 'yaml' && format !== 'json') throw new DomainError('invalid', "OpenAPI exports as 'yaml' or 'json'.");
  const { exportConfig } = await import('../openapi/export-config.js');
  const result = exportConfig(text, configPath, format);
  if (!result.ok) {
    const errors = result.problems.filter((p) => p.severity === 'error').length;
    throw new DomainError(
      'invalid',
      `The config has ${counted(errors, 'problem')}; fix them before exporting OpenAPI.`,
    );
  }
  const stem = basename(configPath, extname(configPath)).replace(/\.mockyard$/i, '') || 'mockyard';
  return { text: result.text, filename: `${stem}.openapi.${format}` };
}
