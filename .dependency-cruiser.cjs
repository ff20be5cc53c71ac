/**
 * The layers of the code (docs/ARCHITECTURE.md "Layers", decision 022), checked by `npm run lint`:
 *
 *   packages/contracts  ←  server lib  ←  tenancy, db  ←  domain modules  ←  plugins, jobs' schedules, app
 *
 * An import may only point down. File-level import cycles are Biome's `noImportCycles` (biome.json),
 * which reads .tsx and knows type-only imports; this file checks the layers and the cycles between
 * modules (a module folder reaching itself through others).
 *
 * Parser: TypeScript 7 has no JavaScript compiler API and dependency-cruiser 17 (the last that runs
 * on Node 20) reads TypeScript through that API or through swc. swc is used; dependency-cruiser 17
 * parses it without JSX, so .tsx files are nodes whose own imports are not read (the web's .ts files
 * — api/, lib/, hooks — are).
 */

const SERVER = '^apps/server/src';
const MODULE = `${SERVER}/modules/[^/]+`;
/** The wiring on top: it may import every layer, so nothing may import it. */
const WIRING = `${SERVER}/(app|main)\\.ts$|${SERVER}/(scripts|test)/|${SERVER}/jobs/schedules\\.ts$`;
const TESTS = '\\.test\\.tsx?$|\\.test-support\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'contracts-stand-alone',
      comment: 'contracts are shared by the web and the server: they import only zod and each other',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|bench|e2e)/' },
    },
    {
      name: 'web-not-server',
      comment: 'the web app talks to the server over HTTP; shared code lives in contracts',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^(apps/server|bench|e2e)/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^(apps/web|bench|e2e)/' },
    },
    {
      name: 'lib-knows-no-domain',
      comment: 'lib is money, time, paging, uploads, crypto: it uses no database, tenant or module',
      severity: 'error',
      from: { path: `${SERVER}/lib/` },
      to: { path: `${SERVER}/(db|tenancy|modules|plugins|jobs)/|${WIRING}` },
    },
    {
      name: 'db-and-tenancy-below-modules',
      comment: 'the pool, the schema and the tenant scope serve the modules and never call into them',
      severity: 'error',
      from: { path: `${SERVER}/(db|tenancy)/` },
      to: { path: `${SERVER}/(modules|plugins)/|${SERVER}/jobs/|${WIRING}` },
    },
    {
      name: 'jobs-runner-below-modules',
      comment:
        'the job runner (pg-boss) is infrastructure the modules queue through; the schedules are wiring',
      severity: 'error',
      from: { path: `${SERVER}/jobs/runner\\.ts$` },
      to: { path: `${SERVER}/(modules|plugins|tenancy)/|${WIRING}` },
    },
    {
      name: 'modules-not-wiring',
      comment: 'a module never imports the app, the entry points, the schedules or the test harness',
      severity: 'error',
      from: { path: `${MODULE}/`, pathNot: TESTS },
      to: { path: WIRING },
    },
    {
      name: 'plugins-only-from-routes',
      comment:
        "plugins are the HTTP wiring: a module's routes use their request helpers (authorize, request " +
        'context, the route declaration), a service or repository never sees HTTP',
      severity: 'error',
      from: { path: `${MODULE}/`, pathNot: `\\.routes\\.ts$|${TESTS}` },
      to: { path: `${SERVER}/plugins/` },
    },
    {
      name: 'no-module-cycle',
      comment:
        'a module that needs another one which needs it back: move the shared part down (tenancy, lib)',
      severity: 'error',
      scope: 'folder',
      from: { path: `${MODULE}$` },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'an import that resolves to no file',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    // Tests may reach across layers (the harness builds the whole app); their cycles are Biome's.
    exclude: { path: `(^|/)(node_modules|dist)/|${TESTS}` },
    // The wiring imports everything by design, and .tsx cannot be parsed (see above): their own
    // imports are not followed; imports *into* them still are, so nothing can depend on the wiring.
    doNotFollow: { path: ['node_modules', '\\.tsx$', WIRING, `${SERVER}/plugins/`] },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
