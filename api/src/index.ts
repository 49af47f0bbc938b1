export { buildApp, type AppDeps } from './app.ts';
export { loadConfig, productionProblems, type Config } from './config.ts';
export { startServer } from './server.ts';
export { allMigrations } from './migrations.ts';
export { migrate, type Migration } from './platform/db/migrate.ts';
export { createPool } from './platform/db/pool.ts';
export { startEmbeddedDatabase, freePort } from './platform/db/embedded.ts';
