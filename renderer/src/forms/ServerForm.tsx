import { modify } from '../../../shared/src/config-edit/index';
import { useForms } from './form-context';
import { SelectInput, TextInput } from './inputs';
import { ScenariosForm } from './ScenariosForm';

/** A number as typed; what does not read as an integer is written as typed, for the engine to say why. */
const intValue = (v: string): unknown => (v.trim() === '' ? undefined : Number.isInteger(Number(v)) ? Number(v) : v);
const show = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** `server:` settings; an empty box removes the key, so the engine's default (the placeholder) applies. */
export function ServerForm() {
  const { written, submit } = useForms();
  const s = written.server;
  const set = (key: string, value: unknown) => submit((t) => modify(t, ['server', key], value), ['server', key]);
  const cors = s.cors === true ? 'any' : s.cors && typeof s.cors === 'object' ? 'origin' : 'off';
  const corsOrigin = s.cors && typeof s.cors === 'object' ? (s.cors as { origin?: unknown }).origin : undefined;
  const admin = s.admin === true ? 'on' : s.admin && typeof s.admin === 'object' ? 'token' : 'off';
  const token = s.admin && typeof s.admin === 'object' ? (s.admin as { token?: unknown }).token : undefined;
  const latency =
    s.latency && typeof s.latency === 'object' ? (s.latency as { min?: unknown; max?: unknown }) : undefined;
  return (
    <>
      <section className="form-card" aria-label="Server settings">
        <div className="form-row">
          <TextInput
            label="Port"
            type="number"
            value={show(s.port)}
            placeholder="3000 (default)"
            at={['server', 'port']}
            onCommit={(v) => set('port', intValue(v))}
          />
          <TextInput
            label="Host"
            value={show(s.host)}
            placeholder="127.0.0.1 (default)"
            at={['server', 'host']}
            onCommit={(v) => set('host', v.trim() || undefined)}
          />
        </div>
        {s.host === '0.0.0.0' ? (
          <p className="form-warning" role="note">
            0.0.0.0 makes the mock reachable from other machines on the network. Use 127.0.0.1 unless you mean that.
          </p>
        ) : null}
        <div className="form-row">
          <SelectInput
            label="CORS"
            value={cors}
            options={[
              { value: 'off', label: 'Off (default)' },
              { value: 'any', label: 'Any origin' },
              { value: 'origin', label: 'One origin…' },
            ]}
            at={['server', 'cors']}
            onCommit={(v) =>
              set('cors', v === 'off' ? undefined : v === 'any' ? true : { origin: 'http://localhost:5173' })
            }
          />
          {cors === 'origin' ? (
            <TextInput
              label="Allowed origin"
              value={show(corsOrigin)}
              at={['server', 'cors', 'origin']}
              onCommit={(v) => submit((t) => modify(t, ['server', 'cors', 'origin'], v.trim()), ['server', 'cors'])}
            />
          ) : null}
        </div>
        <div className="form-row">
          {latency ? (
            <>
              <TextInput
                label="Latency min (ms)"
                type="number"
                value={show(latency.min)}
                at={['server', 'latency']}
                onCommit={(v) =>
                  submit((t) => modify(t, ['server', 'latency', 'min'], intValue(v)), ['server', 'latency'])
                }
              />
              <TextInput
                label="Latency max (ms)"
                type="number"
                value={show(latency.max)}
                at={['server', 'latency']}
                onCommit={(v) =>
                  submit((t) => modify(t, ['server', 'latency', 'max'], intValue(v)), ['server', 'latency'])
                }
              />
            </>
          ) : (
            <TextInput
              label="Latency (ms)"
              type="number"
              value={show(s.latency)}
              placeholder="none"
              at={['server', 'latency']}
              onCommit={(v) => set('latency', intValue(v))}
            />
          )}
          <TextInput
            label="Body limit (bytes)"
            type="number"
            value={show(s.bodyLimit)}
            placeholder="1048576 (1 MiB)"
            at={['server', 'bodyLimit']}
            onCommit={(v) => set('bodyLimit', intValue(v))}
          />
        </div>
        <div className="form-row">
          <TextInput
            label="Proxy URL"
            value={show(s.proxy)}
            placeholder="none: unmatched requests answer 404"
            at={['server', 'proxy']}
            onCommit={(v) => set('proxy', v.trim() || undefined)}
          />
          <TextInput
            label="Proxy timeout (ms)"
            type="number"
            value={show(s.proxyTimeout)}
            placeholder="30000 (default)"
            at={['server', 'proxyTimeout']}
            onCommit={(v) => set('proxyTimeout', intValue(v))}
          />
        </div>
        {typeof s.proxy === 'string' && s.proxy ? (
          <p className="form-hint" role="note">
            Requests that match no endpoint go to {s.proxy}; its answers come back marked as proxied. The Log tab's
            Record writes them into this config.
          </p>
        ) : null}
        <div className="form-row">
          <SelectInput
            label="Admin API"
            value={admin}
            options={[
              { value: 'off', label: 'Off (default)' },
              { value: 'on', label: 'On, token generated' },
              { value: 'token', label: 'On, with my token…' },
            ]}
            at={['server', 'admin']}
            onCommit={(v) => set('admin', v === 'off' ? undefined : v === 'on' ? true : { token: 'change-me-please' })}
          />
          {admin === 'token' ? (
            <TextInput
              label="Admin token"
              value={show(token)}
              at={['server', 'admin', 'token']}
              onCommit={(v) => submit((t) => modify(t, ['server', 'admin', 'token'], v), ['server', 'admin'])}
            />
          ) : null}
        </div>
      </section>
      <ScenariosForm />
    </>
  );
}
