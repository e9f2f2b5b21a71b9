/**
 * The house's import rules, checked by `npm run lint` (dependency-cruiser; docs/decisions/049-dependency-rules.md).
 * Paths are regular expressions on paths from the repository root. Each rule's `comment` says why.
 */

const FEATURES = '^apps/admin/src/features/';

/*
 * The only feature → feature imports the admin keeps (issue 22 mended the other 19 of 26, and the four
 * two-way pairs): 8 at most, none both ways, each with its reason. Each is a feature reading another's
 * data or showing another's piece deep inside its own screen. Anything else shared lives in
 * src/components or src/lib, or is handed in as a prop by the app layer: src/app/screens composes the
 * screens that show other features' panels (Admin Management, login's second step, the lists' CSV
 * export), and the shell, which composes the features too, counts as the app layer.
 */
const CROSS_FEATURE_ALLOWED = [
  ['activity', 'admins', "the activity log's filters offer the admins to pick from (admins' list query)"],
  ['campaigns', 'categories', "the campaign e-mail's product picker filters by category (the category tree query)"],
  ['campaigns', 'products', "the campaign e-mail's product picker searches the products (products' list query)"],
  ['orders', 'activity', "an order's details show its activity entries (RecordActivity: fetches, follows broadcasts)"],
  ['products', 'activity', "the Modify Product modal shows the product's activity entries (RecordActivity)"],
  [
    'products',
    'categories',
    'the product form, filters and bulk dialog read the category tree and option sets, and follow their events',
  ],
  ['settings', 'categories', 'the visibility settings list the categories (the category tree query)'],
];

// The list's own limits, checked each time the rules load, so lint fails when one is broken.
if (CROSS_FEATURE_ALLOWED.length > 8) throw new Error('CROSS_FEATURE_ALLOWED: 8 edges at most');
for (const [from, to] of CROSS_FEATURE_ALLOWED) {
  if (CROSS_FEATURE_ALLOWED.some(([f, t]) => f === to && t === from)) {
    throw new Error(`CROSS_FEATURE_ALLOWED: ${from} ↔ ${to} both ways`);
  }
}

/** One rule per feature that borrows, forbidding all but its listed edges; one for every other feature. */
function crossFeatureRules() {
  const comment =
    'Admin features do not import each other: what they share lives in src/components or src/lib, or is passed in as props (src/app and the shell compose features)';
  const borrowers = [...new Set(CROSS_FEATURE_ALLOWED.map(([from]) => from))];
  const rules = borrowers.map((from) => {
    const allowed = CROSS_FEATURE_ALLOWED.filter(([f]) => f === from).map(([, to]) => to);
    return {
      name: 'admin-features-apart',
      comment,
      severity: 'error',
      from: { path: `${FEATURES}${from}/` },
      to: { path: FEATURES, pathNot: `${FEATURES}(${[from, ...allowed].join('|')})/` },
    };
  });
  rules.push({
    name: 'admin-features-apart',
    comment,
    severity: 'error',
    from: { path: `${FEATURES}([^/]+)/`, pathNot: `${FEATURES}(shell|${borrowers.join('|')})/` },
    to: { path: FEATURES, pathNot: `${FEATURES}$1/` },
  });
  return rules;
}

/**
 * A plugin's public face: the files outside plugins/ may import. infrastructure/realtime.ts (the
 * Realtime type services send events through) and app/uploads.ts (a route's multipart reading); a
 * plugin that grows a folder shows its index.ts. Everything else there (app/errors.ts,
 * infrastructure/security.ts, ...) is registered by app.ts only.
 */
const PLUGIN_PUBLIC = [
  '^apps/api/src/plugins/infrastructure/realtime\\.ts$',
  '^apps/api/src/plugins/app/uploads\\.ts$',
  '^apps/api/src/plugins/(infrastructure|app)/[^/]+/index\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A circle of imports has no first module: it breaks initialisation order and cannot be read bottom-up',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'api-folders-no-circle',
      comment:
        'API modules, plugins and storage lean one way: two that need each other are one module, or one hands the other what it needs',
      severity: 'error',
      scope: 'folder',
      from: { path: '^apps/api/src/' },
      to: { circular: true },
    },
    ...crossFeatureRules(),
    {
      name: 'api-plugins-public-face',
      comment:
        "Outside plugins/ (and app.ts, which registers them) only a plugin's public face is imported, so a plugin can change inside",
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/(plugins/|app\\.ts$)' },
      to: { path: '^apps/api/src/plugins/', pathNot: PLUGIN_PUBLIC },
    },
    {
      name: 'api-plugins-not-repositories',
      comment:
        'Plugins are infrastructure under the modules: a check they need from a module is handed in when they are registered',
      severity: 'error',
      from: { path: '^apps/api/src/plugins/' },
      to: { path: '^apps/api/src/modules/[^/]+/repository\\.ts$' },
    },
    {
      name: 'contract-domain-not-schemas',
      comment:
        "The contract's domain is pure rules under the schemas (which use it); only constants and the UI texts sit below it",
      severity: 'error',
      from: { path: '^packages/contract/src/domain/' },
      to: { path: '^packages/contract/src/[^/]+$', pathNot: '^packages/contract/src/(constants|ui-texts)\\.ts$' },
    },
    {
      name: 'e2e-not-api',
      comment: 'Browser tests drive the built app as a user would: through the UI and the HTTP API, never its source',
      severity: 'error',
      from: { path: '^apps/admin/e2e/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'contract-floor',
      comment: 'The contract is the ground floor shared by api and admin: it imports neither (nor bench)',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^(apps|bench)/' },
    },
    {
      name: 'api-not-admin',
      comment: 'The API serves the admin; it never imports it (they share only the contract)',
      severity: 'error',
      from: { path: '^apps/api/' },
      to: { path: '^apps/admin/' },
    },
    {
      name: 'admin-not-api',
      comment: 'The admin reaches the API over HTTP only; types come from the contract (e2e has its own rule above)',
      severity: 'error',
      from: { path: '^apps/admin/', pathNot: '^apps/admin/e2e/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import that does not resolve is a typo or a missing dependency (and would hide from every rule above)',
      severity: 'error',
      from: {},
      // Vite's virtual modules (virtual:…) are made by a build plugin (apps/admin/mantine-css-variables.ts).
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    // npm packages are not ours to check; built output, data and generated migrations are not source.
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        'node_modules',
        '/dist/',
        '/data/',
        '/src/db/migrations/',
        'test-results',
        'playwright-report',
        '\\.measure',
      ],
    },
    // TypeScript 7 has no JavaScript API for dependency-cruiser to parse with: swc reads our .ts and
    // .tsx, type-only imports included (they count: a type-only circle is still a circle).
    parser: 'swc',
    // Read for `paths` when a TypeScript with a JavaScript API is installed (TS 7 has none, and we use
    // no `paths`): '@backroom/contract' resolves through its workspace link and package.json exports.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
