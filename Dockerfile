# Build: compile the client and the server with the dev dependencies.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# Run: only the built app and the production dependencies, as a non-root user.
# Without DATABASE_URL the embedded PostgreSQL keeps its data and its random password file in the
# /data volume; it is created UTF-8 although the image sets no LANG. Production: SESSION_SECRET
# and PUBLIC_URL are required, and demo data loads only with DEMO_DATA=true (random passwords).
# No Docker engine runs in CI: test/first-run.test.ts reproduces these conditions instead.
FROM node:22-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/package.json ./package.json
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# node directly (not npm) so SIGTERM reaches the app and it shuts down gracefully.
CMD ["node", "dist/server/index.js"]
