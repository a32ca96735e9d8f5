import type { MergeOutcome } from '../../../shared/src/config-merge';
import { counted } from '../../../shared/src/plural';

/** What Merge adds and how it settles each clash, or why it cannot merge. */
export function MergeNote({ merge, configName }: { merge: MergeOutcome | string | undefined; configName: string }) {
  if (merge === undefined) return null;
  if (typeof merge === 'string')
    return (
      <p className="form-warning" data-testid="openapi-import-merge-note">
        Merge: {merge}
      </p>
    );
  const schemas = merge.addedSchemas.length;
  // Not counted(): pluralize says "schemata".
  const adds = `${schemas} ${schemas === 1 ? 'schema' : 'schemas'} and ${counted(merge.addedEndpoints, 'endpoint')}`;
  return (
    <div className="merge-note" data-testid="openapi-import-merge-note">
      <p>
        Merge adds {adds} to {configName} and changes nothing already there (its server settings and rows stay).
      </p>
      {merge.renamed.length + merge.sameSchemas.length + merge.keptEndpoints.length > 0 ? (
        <ul className="import-list">
          {merge.renamed.map((r) => (
            <li key={`renamed ${r.from}`}>
              Schema <code>{r.from}</code> is added as <code>{r.to}</code>: {configName} has a {r.from} with other
              fields.
            </li>
          ))}
          {merge.sameSchemas.map((name) => (
            <li key={`same ${name}`}>
              Schema <code>{name}</code> is the same as yours: used once.
            </li>
          ))}
          {merge.keptEndpoints.map((route) => (
            <li key={`kept ${route}`}>
              <code>{route}</code> is served already: yours is kept, the imported one left out.
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
