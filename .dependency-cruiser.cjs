// The layers of docs/architecture.md, checked by machine: `npm run lint:deps`. Paths are
// regular expressions on the repository-relative path of each end of an import. Type-only imports
// (`import type`) are seen (tsPreCompilationDeps) and marked `type-only`, so a rule can let the
// window share the service's types while forbidding its code.
/** Electron, resolved or not: only main's adapters and the preload may import it. */
const ELECTRON = '^(node_modules/)?electron(/|$)';
/** The one contract between the window and the service (src-preload/contract.ts re-exports it). */
const CONTRACT = ['^src-preload/contract\\.ts$', '^src-main/service/contract/'];

/**
 * Who may touch the database layer (store/: the connection, the migrations runner, one query
 * module per table, keyset lists). The domain, always; and the wiring that cannot do without it:
 * - core.ts opens the database, builds the queries and hands them to the domain and the jobs;
 * - jobs/ is the durable job runner, which owns the `jobs` table (job-runner.ts);
 * - seed/ writes the demo clinic: through the domain steps, with the queries for bulk rows;
 * - create-service.ts, the service's public face, re-exports what an adapter must know about the
 *   database file (its name, the error for one written by a newer version).
 */
const STORE_CALLERS = [
  '^src-main/service/store/',
  '^src-main/service/domain/',
  '^src-main/service/core\\.ts$',
  '^src-main/service/create-service\\.ts$',
  '^src-main/service/jobs/',
  '^src-main/service/seed/',
  // Backups copy, verify and swap the database file itself, below the domain (a second
  // connection with the key, VACUUM INTO, the file's schema version): docs/data-safety.md.
  '^src-main/service/backup/',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'service-is-a-library',
      severity: 'error',
      comment:
        'The service runs in plain Node (the CLI, the tests) as well as in Electron main: it never ' +
        'imports electron, the preload or the window.',
      from: { path: '^src-main/service/' },
      to: { path: [ELECTRON, '^src-preload/', '^src-renderer/'] },
    },
    {
      name: 'domain-not-to-http',
      severity: 'error',
      comment: 'The domain is transport-free: HTTP calls the domain, never the other way round.',
      from: { path: '^src-main/service/domain/' },
      to: { path: '^src-main/service/http/' },
    },
    {
      name: 'feature-through-its-index',
      severity: 'error',
      comment:
        "A feature reaches another feature only through that feature's public file, " +
        'features/<b>/index.ts, so a feature can rearrange its own files freely.',
      from: { path: '^src-renderer/src/features/([^/]+)/' },
      to: {
        path: '^src-renderer/src/features/([^/]+)/',
        pathNot: ['^src-renderer/src/features/$1/', '^src-renderer/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'store-only-from-domain',
      severity: 'error',
      comment:
        'The database layer is reached from the domain (and the wiring in STORE_CALLERS, ' +
        '.dependency-cruiser.cjs); HTTP routes, operations, webhooks, delivery and the assistant ' +
        'go through domain operations. Tests and benchmarks may reach it directly.',
      from: { path: '^src-main/', pathNot: STORE_CALLERS },
      to: { path: '^src-main/service/store/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'store-types-only-from-domain',
      severity: 'warn',
      comment:
        "The same rule for type-only imports: a module that names Db or a query module's type is " +
        'handed the database or the queries and calls them, outside the domain.',
      from: { path: '^src-main/', pathNot: STORE_CALLERS },
      to: { path: '^src-main/service/store/', dependencyTypes: ['type-only'] },
    },
    {
      name: 'renderer-not-to-main',
      severity: 'error',
      comment:
        "The window shares the service's types (import type) and the contract, never its code: " +
        'anything else would be bundled into the renderer.',
      from: { path: '^src-renderer/' },
      to: { path: '^src-main/', pathNot: CONTRACT, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contract-imports-types-only',
      severity: 'error',
      comment:
        'The contract is bundled into the window and the preload: from the service it imports ' +
        'types only, and never electron.',
      from: { path: CONTRACT },
      to: {
        path: ['^src-main/', '^src-renderer/'],
        pathNot: CONTRACT,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'contract-not-to-electron',
      severity: 'error',
      from: { path: CONTRACT },
      to: { path: ELECTRON },
    },
    {
      name: 'preload-only-contract-and-electron',
      severity: 'error',
      comment:
        'The sandboxed preload builds window.engage from the contract with ipcRenderer: it imports ' +
        'the contract and electron, nothing else (no Node modules, no service code).',
      from: { path: '^src-preload/', pathNot: CONTRACT },
      to: { pathNot: [...CONTRACT, ELECTRON] },
    },
    {
      name: 'no-circular',
      severity: 'warn',
      comment:
        'A cycle of runtime imports (type-only edges left out: they vanish in the build). Warn ' +
        'for now; see the report for the existing ones.',
      from: { path: '^(src-main|src-preload|src-renderer|bench)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment:
        'A module nothing imports and that imports nothing is dead (or an entry not listed).',
      from: {
        orphan: true,
        pathNot: [
          '\\.d\\.ts$',
          // Entry points run by node, not imported.
          '^bin/',
          '^examples/',
          '^bench/[^/]+\\.mjs$',
          // Read by vitest.config.ts (which is not cruised): the suites run on PostgreSQL too.
          '^test/service/postgres-suites\\.ts$',
        ],
      },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing would hide the rules above.',
      from: {},
      to: { couldNotResolve: true, pathNot: '\\?raw$' },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: '(^|/)(out[^/]*|dist|coverage|test-artifacts)/' },
    tsPreCompilationDeps: true,
    // Resolution of the bundler kind (tsconfig moduleResolution "Bundler"): no paths, no aliases.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
