// Prints docker-compose.yml as scripts/verify-image.sh runs it with podman-compose on a machine without
// a container registry: KurrentDB left out (no image of it can be had; the app keeps its ledger in
// PostgreSQL), PostgreSQL from a locally built image, the app image named so that it can be removed.
//   node scripts/verify-compose-file.mjs docker-compose.yml <postgres image> <app image>
import fs from 'node:fs';
import { parse, stringify } from 'yaml';

const [file, postgresImage, appImage] = process.argv.slice(2);
if (!file || !postgresImage || !appImage) {
  console.error('usage: node scripts/verify-compose-file.mjs <compose file> <postgres image> <app image>');
  process.exit(2);
}
const compose = parse(fs.readFileSync(file, 'utf8'));
delete compose.services.kurrentdb;
for (const name of Object.keys(compose.volumes ?? {})) if (name.startsWith('kurrentdb')) delete compose.volumes[name];
compose.services.postgres.image = postgresImage;
const app = compose.services.app;
app.image = appImage;
if (app.depends_on) delete app.depends_on.kurrentdb;
delete app.environment.LEDGER_URL;
app.environment.PAYMENTS = 'test';
process.stdout.write(stringify(compose));
