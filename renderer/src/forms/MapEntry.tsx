import type { ReactNode } from 'react';
import { type DocPath, modify, renameKey } from '../../../shared/src/config-edit/index';
import { useForms } from './form-context';
import { TextInput } from './inputs';
import { RemoveButton } from './RemoveButton';

interface Props {
  /** The map (`scenarios`, a rule's `when`, `headers`). */
  at: DocPath;
  /** This entry's key. */
  name: string;
  /** The key box's accessible name (`Header name X-Id`). */
  keyLabel: string;
  /** What an entry is (`header`): names ✕ (`Remove header X-Id`) and the row's test id (`header-X-Id`). */
  kind: string;
  /** What ✕ deletes: the entry, unless removing it must take the whole map (its only entry). */
  removes?: DocPath;
  className: string;
  /** The entry's value controls. */
  children: ReactNode;
}

/** One entry of a map in a row: its key, renamed in place; its value; ✕ to remove it. */
export function MapEntry({ at, name, keyLabel, kind, removes, className, children }: Props) {
  const { submit, readOnly } = useForms();
  const here = [...at, name];
  return (
    <div className={className} data-testid={`${kind}-${name}`}>
      <TextInput
        label={keyLabel}
        bare
        mono
        exact
        value={name}
        at={here}
        onCommit={(next) => submit((t) => renameKey(t, at, name, next.trim()), at)}
      />
      {children}
      <RemoveButton
        label={`Remove ${kind} ${name}`}
        disabled={readOnly}
        onRemove={() => void submit((t) => modify(t, removes ?? here, undefined), at)}
      />
    </div>
  );
}
