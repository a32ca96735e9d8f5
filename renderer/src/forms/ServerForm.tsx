import { modify } from '../../../shared/src/config-edit/index';
import { useForms } from './form-context';
import { SelectInput, TextInput } from './inputs';
import { ScenariosForm } from './ScenariosForm';
import { CHOICES, type ChoiceSpec, FIELDS, type FieldSpec, intValue, show, valueAt } from './server-specs';

/** The text box a spec describes. */
function Field({ spec }: { spec: FieldSpec }) {
  const { written, submit } = useForms();
  const parse = (v: string): unknown => (spec.number ? intValue(v) : spec.raw ? v : v.trim() || undefined);
  return (
    <TextInput
      label={spec.label}
      type={spec.number ? 'number' : 'text'}
      value={show(valueAt(written.server, spec.path))}
      placeholder={spec.placeholder}
      at={spec.at ?? spec.path}
      onCommit={(v) => submit((t) => modify(t, spec.path, parse(v)), spec.at ?? spec.path)}
    />
  );
}

/** The select a spec describes, in a row with its detail's box while that choice is made. */
function ChoiceRow({ spec }: { spec: ChoiceSpec }) {
  const { written, submit } = useForms();
  const at = ['server', spec.key];
  const chosen = spec.read(written.server[spec.key]);
  return (
    <div className="form-row">
      <SelectInput
        label={spec.label}
        value={chosen}
        options={spec.options}
        at={at}
        onCommit={(v) => submit((t) => modify(t, at, spec.write(v)), at)}
      />
      {spec.detail?.choice === chosen ? <Field spec={spec.detail.field} /> : null}
    </div>
  );
}

/** `server:` settings; an empty box removes the key, so the engine's default (the placeholder) applies. */
export function ServerForm() {
  const s = useForms().written.server;
  const latency =
    s.latency && typeof s.latency === 'object' ? (s.latency as { min?: unknown; max?: unknown }) : undefined;
  return (
    <>
      <section className="form-card" aria-label="Server settings">
        <div className="form-row">
          <Field spec={FIELDS.port} />
          <Field spec={FIELDS.host} />
        </div>
        {s.host === '0.0.0.0' ? (
          <p className="form-warning" role="note">
            0.0.0.0 makes the mock reachable from other machines on the network. Use 127.0.0.1 unless you mean that.
          </p>
        ) : null}
        <ChoiceRow spec={CHOICES.cors} />
        <div className="form-row">
          {latency ? (
            <>
              <Field spec={FIELDS.latencyMin} />
              <Field spec={FIELDS.latencyMax} />
            </>
          ) : (
            <Field spec={FIELDS.latency} />
          )}
          <Field spec={FIELDS.bodyLimit} />
        </div>
        <div className="form-row">
          <Field spec={FIELDS.proxy} />
          <Field spec={FIELDS.proxyTimeout} />
        </div>
        {typeof s.proxy === 'string' && s.proxy ? (
          <p className="form-hint" role="note">
            Requests that match no endpoint go to {s.proxy}; its answers come back marked as proxied. The Log tab's
            Record writes them into this config.
          </p>
        ) : null}
        <ChoiceRow spec={CHOICES.admin} />
      </section>
      <ScenariosForm />
    </>
  );
}
