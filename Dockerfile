# syntax=docker/dockerfile:1
# The shop in a container: the same steps `.ci/run` proves on every change (`npm ci`, `npm run
# build`, then a production install `npm ci --omit=dev` serving the build; scripts/
# check-production-install.ts). See docs/deploy.md.

# 1. Build: every dependency, then the production build (build/).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Run: production dependencies only, the build and the migrations; no compiler, no sources.
FROM node:20-bookworm-slim AS run
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY drizzle ./drizzle
# Never root: the image's `node` user owns only the data folder (used by the embedded database;
# with DATABASE_URL it stays empty).
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1's child of nothing: it handles SIGTERM (graceful drain) and SIGINT.
STOPSIGNAL SIGTERM
CMD ["node", "build/server/index.js"]
