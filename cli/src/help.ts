/** The text of `mockyard --help`. */
export const HELP = `Usage: mockyard <command> [options]

Commands:
  serve CONFIG      Serve the endpoints of a YAML config over HTTP, backed by SQLite
  serve DB.json     Serve a json-server database as json-server 0.17 does, its rows in SQLite beside it
  validate CONFIG   Check a config; print every problem as file:line:col and exit 1 if any is an error
  studio CONFIG     Open the studio (editor, data, live log) in a browser: serves the mock and the UI
  studio DB.json    The same for a json-server database: served in json-server mode, its config read-only until converted
  schema            Print the config's JSON Schema (for editors: mockyard schema > mockyard.schema.json)
  import FILE|URL   Make a config from an OpenAPI 3.x or Swagger 2.0 description [-o OUT.yaml] [--force] [--allow-private-refs]
  import DB.json    Make a config from a json-server database [-o OUT.yaml] [--force] [--id F] [--fks S]
  export CONFIG     Write an OpenAPI 3.1 description of a config [-o openapi.yaml|.json]
                    (--graphql: the SDL of its GraphQL API instead)
  export-data DB.json  Write the rows that serve DB.json keeps back into the db.json [-o OUT.json] [--db FILE]

Options for serve:
  --port N          Port to listen on (overrides server.port; default 3000; 0 picks a free one)
  --host H          Interface to bind (overrides server.host; default 127.0.0.1)
  --db FILE|URL     SQLite file or postgres:// URL (overrides server.database and DATABASE_URL;
                    default: the config's name with .sqlite)
  --watch           Reload when the config file changes; a bad edit keeps the last good config
  --admin           Turn on /__mockyard/ (reset, log) with a generated token, printed at start
  --proxy URL       Forward requests that match no endpoint to URL (overrides server.proxy)
  --record          Write each proxied JSON answer into the config as an inline endpoint
  --record-schemas  As --record, and a JSON array on a collection path becomes a schema,
                    a resource and seed rows
  --quiet           Do not print a line per request (without it, a terminal gets at most
                    200 a second and a count of the rest; a pipe or a file gets every line)
  --no-log          Keep no request log (the admin API's log stays empty)
  --no-color        Plain output (also when NO_COLOR is set or output is not a terminal)
  --color           Coloured output even when not a terminal (also when FORCE_COLOR is set)

Options for serve DB.json (json-server's own; the options above apply too):
  --id F            The key of every collection (default id)
  --fks S           The suffix of a reference field (default Id: postId → posts)
  -d, --delay MS    Delay every answer (a request's own _delay=MS adds to it, up to 60000)
  -r, --read-only   Answer every write 403
  --routes FILE     json-server's rewrite rules, e.g. { "/api/*": "/$1" }
  -s, --static DIR  Serve text files (HTML, JS, CSS, JSON, SVG) from DIR for paths no route has

Options for studio:
  --port N          Port of the studio UI (default 4400; 127.0.0.1 only)
  --api-port N      Port of the mock (overrides server.port)
  --db FILE         As for serve

  -h, --help        Show this help
  -v, --version     Show the version

Exit codes: 0 ok, 1 invalid config, 2 bad usage, 3 could not start (e.g. port in use).`;
