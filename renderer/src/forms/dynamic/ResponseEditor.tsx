import { type DocPath, modify } from '../../../../shared/src/config-edit/index';
import { chain } from '../chain';
import { useForms } from '../form-context';
import { JsonInput } from '../JsonInput';
import { SelectInput, TextInput } from '../inputs';
import { HeadersEditor } from './HeadersEditor';
import { TemplateField } from './TemplateField';
import { InlinePreview, TextPreview } from './TemplatePreview';

type Mode = '' | 'inline' | 'body';

interface WrittenResponse {
  inline?: unknown;
  body?: unknown;
  contentType?: unknown;
  headers?: unknown;
}

const asResponse = (v: unknown): WrittenResponse =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as WrittenResponse) : {};

/** A body template's text as JSON when it is JSON, else `{}`: what switching to JSON starts from. */
const parsedOr = (text: unknown): unknown => {
  try {
    return typeof text === 'string' ? (JSON.parse(text) as unknown) : {};
  } catch {
    return {};
  }
};

/**
 * What an endpoint or a rule answers: JSON (`inline`, its strings may be templates) or a text
 * template (`body` with `contentType`), and response headers; each with its live preview.
 * `optional` (a rule) adds "the endpoint's response", which leaves `response:` out.
 */
export function ResponseEditor({ at, value, optional }: { at: DocPath; value: unknown; optional?: boolean }) {
  const { submit } = useForms();
  const response = asResponse(value);
  const mode: Mode = response.body !== undefined ? 'body' : response.inline !== undefined ? 'inline' : '';
  const key = (k: string): DocPath => [...at, k];
  const switchTo = (next: Mode) =>
    submit((t) => {
      if (next === '') return modify(t, at, undefined);
      if (next === 'body')
        return chain(t, [
          (s) => modify(s, key('inline'), undefined),
          (s) => modify(s, key('body'), JSON.stringify(response.inline ?? {}, null, 2)),
        ]);
      return chain(t, [
        (s) => modify(s, key('body'), undefined),
        (s) => modify(s, key('contentType'), undefined),
        (s) => modify(s, key('inline'), parsedOr(response.body)),
      ]);
    }, at);
  const options = [
    ...(optional ? [{ value: '', label: "the endpoint's response" }] : []),
    { value: 'inline', label: 'JSON (strings may be templates)' },
    { value: 'body', label: 'text template' },
  ];
  return (
    <>
      <SelectInput
        label={optional ? 'Answers with' : 'Response'}
        value={mode}
        options={options}
        at={at}
        onCommit={(m) => switchTo(m as Mode)}
      />
      {mode === 'inline' ? (
        <JsonInput
          label="Body (JSON)"
          value={response.inline}
          at={key('inline')}
          onCommit={(body) => submit((t) => modify(t, key('inline'), body), key('inline'))}
          after={(draft) => <InlinePreview value={draft} label="Preview of the JSON body" />}
        />
      ) : null}
      {mode === 'body' ? (
        <>
          <TemplateField
            label="Body template"
            value={typeof response.body === 'string' ? response.body : ''}
            at={key('body')}
            testId="body-template"
            onCommit={(body) => submit((t) => modify(t, key('body'), body), key('body'))}
            after={(draft) => <TextPreview template={draft} label="Preview of the body template" />}
          />
          <TextInput
            label="Content type"
            value={typeof response.contentType === 'string' ? response.contentType : ''}
            placeholder="application/json"
            at={key('contentType')}
            mono
            onCommit={(c) => submit((t) => modify(t, key('contentType'), c.trim() || undefined), key('contentType'))}
          />
        </>
      ) : null}
      {mode !== '' ? <HeadersEditor label="Response headers" at={key('headers')} value={response.headers} /> : null}
    </>
  );
}
