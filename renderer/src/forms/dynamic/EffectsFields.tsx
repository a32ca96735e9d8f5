import { type DocPath, modify } from '../../../../shared/src/config-edit/index';
import {
  type FaultEffect,
  type FaultForm,
  faultForm,
  faultValue,
  latencyText,
  latencyValue,
} from '../../../../shared/src/dynamic-form/effects';
import { useForms } from '../form-context';
import { SelectInput, TextInput } from '../inputs';

const EFFECTS: { value: '' | FaultEffect; label: string }[] = [
  { value: '', label: 'no fault' },
  { value: 'status', label: 'answer an error status' },
  { value: 'reset', label: 'reset the connection' },
  { value: 'empty', label: 'close without a response' },
];

/** Latency (`300` or `200-400` ms) and a fault (rate and what it does), of an endpoint or a rule. */
export function EffectsFields({ at, latency, fault }: { at: DocPath; latency: unknown; fault: unknown }) {
  const { submit } = useForms();
  const form = faultForm(fault);
  const write = (keys: string[], value: unknown) => submit((t) => modify(t, [...at, ...keys], value), [...at, ...keys]);
  const setFault = (next: FaultForm | undefined) => write(['fault'], next ? faultValue(next) : undefined);
  const base: FaultForm = form ?? { rate: '', effect: 'status', status: '' };
  return (
    <div className="form-row">
      <TextInput
        label="Latency (ms)"
        value={latencyText(latency)}
        placeholder="server's"
        at={[...at, 'latency']}
        mono
        onCommit={(v) => write(['latency'], latencyValue(v))}
      />
      <SelectInput
        label="Fault"
        value={form?.effect ?? ''}
        options={EFFECTS}
        at={[...at, 'fault']}
        onCommit={(e) => setFault(e ? { ...base, effect: e as FaultEffect } : undefined)}
      />
      {form ? (
        <TextInput
          label="Fault rate (0–1)"
          value={form.rate}
          placeholder="1 (every request)"
          at={[...at, 'fault', 'rate']}
          mono
          onCommit={(rate) => setFault({ ...form, rate })}
        />
      ) : null}
      {form?.effect === 'status' ? (
        <TextInput
          label="Fault status"
          value={form.status}
          at={[...at, 'fault', 'status']}
          mono
          onCommit={(status) => setFault({ ...form, status })}
        />
      ) : null}
    </div>
  );
}
