# syntax=docker/dockerfile:1
# ClearFlow: the API (Hono + Socket.IO on Deno) serving the built PWA, one image for every replica.
# Build:  docker build -t clearflow .        Run several: docker compose -f deploy/compose.yaml up
# Deno comes from the npm package "deno" (a dependency), so `npm ci` is the only install step.

# ---- 1. Build the PWA with Node 20
FROM node:20-bookworm-slim AS pwa
WORKDIR /app
COPY package.json package-lock.json ./
# The postinstall applies these to node_modules (patch-package): the fixes of ours a dependency has not released.
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- 2. Runtime dependencies only (Deno's binary included, placed by the deno package's postinstall)
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund

# ---- 3. Run the API on Deno as a non-root user (no Node, no compilers, no npm)
FROM debian:bookworm-slim AS runtime
RUN groupadd --system --gid 10001 clearflow \
  && useradd --system --uid 10001 --gid clearflow --home-dir /app --shell /usr/sbin/nologin clearflow
WORKDIR /app
ENV NODE_ENV=production \
    DENO_DIR=/app/.deno \
    DENO_NO_UPDATE_CHECK=1 \
    HOST=0.0.0.0 \
    PORT=8080 \
    PWA_DIST=/app/pwa/dist \
    DATA_DIR=/app/data
COPY --from=deps /app/node_modules ./node_modules
COPY package.json deno.json ./
COPY api ./api
COPY --from=pwa /app/pwa/dist ./pwa/dist
# Compiles the API once at build time, so a replica starts without writing anything but its data folder.
RUN ./node_modules/.bin/deno cache api/main.ts \
  && mkdir -p /app/data \
  && chown -R clearflow:clearflow /app/.deno /app/data
USER clearflow
EXPOSE 8080
# Liveness only (the process answers). /api/readyz is for balancers with active checks; the nginx of deploy/ has
# passive ones, and a stopping instance drains by closing its connections (docs/running-several-instances.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["/app/node_modules/.bin/deno", "eval", "const r = await fetch(`http://127.0.0.1:${Deno.env.get('PORT') ?? 8080}/api/healthz`).catch(() => null); Deno.exit(r?.ok ? 0 : 1)"]
# SIGTERM starts the drain: readyz 503 for SHUTDOWN_DRAIN_MS, then in-flight requests finish (api/server.ts).
STOPSIGNAL SIGTERM
CMD ["/app/node_modules/.bin/deno", "run", "-A", "api/main.ts"]
