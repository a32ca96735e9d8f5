import { type DocPath, modify } from '../../../../shared/src/config-edit/index';
import { TemplateField } from '../dynamic/TemplateField';
import { useForms } from '../form-context';
import { JsonInput } from '../JsonInput';
import { Messages, SelectInput } from '../inputs';
import { asRecord, type MessageMode, messageMode, switchedMessage } from './message';

/**
 * One message of a WebSocket or SSE endpoint: JSON (`inline`, sent as a JSON text frame; its strings
 * may be templates) or a text template (`body`). `none` (when given) is the choice that writes no
 * message at all, with its label ("nothing", "echo the frame").
 */
export function MessageEditor({
  label,
  at,
  value,
  none,
}: {
  label: string;
  at: DocPath;
  value: unknown;
  none?: string;
}) {
  const { submit } = useForms();
  const m = asRecord(value);
  const mode = messageMode(value);
  const options = [
    ...(none !== undefined ? [{ value: '', label: none }] : []),
    { value: 'inline', label: 'JSON (strings may be templates)' },
    { value: 'body', label: 'text template' },
  ];
  return (
    <div className="message-editor">
      <SelectInput
        label={label}
        value={mode}
        options={options}
        onCommit={(next) => submit((t) => modify(t, at, switchedMessage(value, next as MessageMode)), at)}
      />
      {mode === 'inline' ? (
        <JsonInput
          label={`${label}: JSON`}
          value={m.inline}
          at={[...at, 'inline']}
          onCommit={(v) => submit((t) => modify(t, [...at, 'inline'], v), [...at, 'inline'])}
        />
      ) : null}
      {mode === 'body' ? (
        <TemplateField
          label={`${label}: text`}
          value={typeof m.body === 'string' ? m.body : ''}
          at={[...at, 'body']}
          onCommit={(v) => submit((t) => modify(t, [...at, 'body'], v), [...at, 'body'])}
        />
      ) : null}
      {mode === '' ? <Messages at={at} exact /> : null}
    </div>
  );
}
