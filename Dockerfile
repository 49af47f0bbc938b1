# syntax=docker/dockerfile:1
# Parliamo production image: build the web app, then run the API (which serves it) as a non-root user.
# Build: docker build -t parliamo .      Run it with docker-compose.yml (PostgreSQL + KurrentDB + app).
ARG NODE_VERSION=20.20.2

# --- base: Node and the npm the lockfile was written with ----------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app
# A compiler for argon2, whose install step builds it from source when its prebuilt binary does not
# load on the build machine (it crashes on some hosts); build stages only, the runtime stage has none.
# node-gyp takes Node's headers from the image (/usr/local/include/node) instead of downloading them.
ENV npm_config_nodedir=/usr/local
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
RUN npm install -g npm@11.19.1 --no-audit --no-fund
# Only the manifests, so that the dependency layers are cached until a package.json or the lock changes.
COPY package.json package-lock.json .npmrc ./
COPY domain/package.json domain/
COPY ledger/package.json ledger/
COPY projections/package.json projections/
COPY api/package.json api/
COPY web/package.json web/
COPY tests/package.json tests/

# --- build: every dependency, then the web app and the server bundle (api/dist) -------------------
FROM base AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.base.json ./
# The web build reads domain's tsconfig (the project references) as well as its sources.
COPY domain/tsconfig.json domain/
COPY domain/src domain/src
COPY ledger/src ledger/src
COPY projections/src projections/src
COPY api/src api/src
COPY scripts/build-server.mjs scripts/build-server-dirname.mjs scripts/
COPY web web
RUN npm run build

# --- prod-deps: only what the server needs at run time (no web toolchain, no test tools) -------
FROM base AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund -w api -w domain -w ledger -w projections \
  && npm cache clean --force

# --- runtime -----------------------------------------------------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    SKIP_WEB_BUILD=1 \
    DATA_DIR=/app/.data
WORKDIR /app
COPY --from=prod-deps /app ./
# The server runs from its bundle (api/dist): no TypeScript sources in the image, so start.mjs has
# nothing to rebuild it from and runs it as built.
COPY scripts/start.mjs scripts/build-server.mjs scripts/
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/api/dist api/dist
# The image's files stay root-owned and read-only to the app; only the data folder is its own.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# start.mjs (the same entry as `npm start`) handles SIGTERM: stop taking requests, finish those in flight, close pools.
CMD ["node", "scripts/start.mjs"]
