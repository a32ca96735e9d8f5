import { FormFooter } from './FormFooter';
import { Messages } from './inputs';
import { KINDS } from './new-endpoint-draft';
import { NewEndpointFields } from './NewEndpointFields';
import { useNewEndpoint } from './use-new-endpoint';

/** New endpoint, of one of five kinds; written at the end of `endpoints:` once the engine accepts it. */
export function NewEndpointForm({ onCreated, onCancel }: { onCreated(index: number): void; onCancel(): void }) {
  const form = useNewEndpoint(onCreated);
  return (
    <form className="form-card" aria-label="New endpoint" onSubmit={(e) => void form.create(e)}>
      <fieldset className="kind-choice">
        <legend>Kind</legend>
        {KINDS.map((k) => (
          <label key={k.id}>
            <input type="radio" name="endpoint-kind" checked={form.kind === k.id} onChange={() => form.setKind(k.id)} />
            {k.label}
          </label>
        ))}
      </fieldset>
      <NewEndpointFields form={form} />
      <Messages refused={form.refused} />
      <FormFooter submit="Create endpoint" onCancel={onCancel} />
    </form>
  );
}
