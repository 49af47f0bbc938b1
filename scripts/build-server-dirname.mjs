// Injected into the server bundle (scripts/build-server.mjs): what `import.meta.dirname` was in the
// sources, api/src, seen from the bundle's folder api/dist/<build>/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PARLIAMO_SOURCE_DIRNAME = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');
