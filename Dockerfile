# syntax=docker/dockerfile:1
# Multi-stage build: install and build with the dev toolchain, run on a slim Node 24 as non-root.

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-slim AS runtime
# The malloc variables and the V8 heap limit that keep the server within a 512 MB container are
# not set here: the server restarts itself with them at once, as it does under `npm start`
# (src/process-settings.ts). A value set here or in NODE_OPTIONS would be kept.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# `npm run build` writes everything the container runs to dist/: the server compiled to JavaScript
# (dist/app/, tsconfig.server.json), the client (vite's production mode, with its .br/.gz assets),
# its server renderer and the embedded database's empty cluster, which a first start unpacks
# instead of running PostgreSQL's initdb (src/db/pglite-initial-cluster.ts). The server runs in
# production mode (NODE_ENV above; without it server/production-mode.ts would default to it). The
# container runs the compiled server, not `npm start`, so it never rebuilds at start.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "dist/app/server/main.js"]
