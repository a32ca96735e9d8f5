/** Names and values, one row each (headers, path parameters, the query); a list value joined by commas. */
export function HeadersTable({ headers }: { headers: Record<string, unknown> }) {
  const rows = Object.entries(headers).filter(([, v]) => v !== undefined);
  return (
    <table className="headers">
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th>{name}</th>
            <td>{Array.isArray(value) ? value.join(', ') : String(value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
