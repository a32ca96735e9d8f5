import type { EndpointSummary } from '../../../shared/src/service-summary';
import { curlFor, exampleEndpoints } from '../components/welcome-examples';

/** The Log before any request: what shows up here, and a call to try on one of the config's endpoints. */
export function LogEmpty({ url, endpoints }: { url: string | undefined; endpoints: readonly EndpointSummary[] }) {
  // An endpoint of this config to call, not the root path (which most configs answer 404).
  const tryFirst = exampleEndpoints(endpoints, 1)[0];
  const base = url ?? 'http://127.0.0.1:3000';
  return (
    <div className="empty-state" data-testid="log-empty">
      <h3>No requests yet</h3>
      <p>Every request to the mock server shows up here as it happens. Try:</p>
      <pre>{tryFirst ? curlFor(tryFirst, base) : `curl ${base}/`}</pre>
    </div>
  );
}
