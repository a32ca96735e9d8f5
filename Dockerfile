# syntax=docker/dockerfile:1
# (A parser directive: Docker reads it only on the very first line.)
# Mockyard headless, for teams and CI: serves /config/mockyard.yaml on port 3000.
#   docker build -t mockyard .
#   docker run --rm -p 127.0.0.1:3000:3000 -v "$PWD:/config" mockyard

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary can be fetched.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund && npm rebuild better-sqlite3
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/bin ./bin
COPY --from=build /app/dist/cli-bundle ./dist/cli-bundle
COPY --from=build /app/examples ./examples
# The config folder is the user's; the database is written beside the config.
RUN mkdir /config && chown node:node /config
USER node
EXPOSE 3000
VOLUME ["/config"]
# Healthy while the server answers HEALTHCHECK_URL below 500 (a 404 too: a config need not serve
# /). A config on another port, or with a path of its own to check (the scale-out example's
# /health), sets HEALTHCHECK_URL (docker run -e, or a compose file's environment).
ENV HEALTHCHECK_URL=http://127.0.0.1:3000/
HEALTHCHECK --interval=10s --timeout=3s CMD ["node", "-e", "fetch(process.env.HEALTHCHECK_URL).then((r) => process.exit(r.status < 500 ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "/app/bin/mockyard.cjs"]
CMD ["serve", "/config/mockyard.yaml", "--host", "0.0.0.0"]
