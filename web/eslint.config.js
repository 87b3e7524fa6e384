// One lint for the web app: TypeScript, the hook rules, the import boundaries of ARCHITECTURE.md
// ("one home per domain") so a feature cannot quietly reach into another, and colours only from the theme.
import { readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import { configs as typescript } from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));
const src = (path) => resolve(root, 'src', path);

// Read from the folder so a new feature is fenced in without touching this file.
const features = readdirSync(src('features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Who may not import whom (the importing file is `target`, the imported one `from`). */
const zones = [
  // A feature never imports another feature: shared pieces go to lib/ or components/, or the
  // route file passes them in.
  ...features.map((feature) => ({
    target: src(`features/${feature}`),
    from: src('features'),
    except: [`./${feature}`],
    message: 'Features do not import each other; move the shared piece to lib/ or components/, or pass it in from the route.',
  })),
  // One store per feature: `features/<area>/store.ts`, built from the slices beside it in
  // `features/<area>/slices/` (issue 45 item 5), so nothing may import a `stores/` folder.
  {
    target: src('features'),
    from: [src('features/*/stores/**')],
    message: 'A feature has one store: features/<area>/store.ts, built from slices in features/<area>/slices/.',
  },
  {
    target: src('features'),
    from: src('app'),
    message: 'Features do not import the app shell; the route file composes them.',
  },
  {
    target: ['lib', 'components', 'theme', 'config'].map(src),
    from: [src('features'), src('app')],
    message: 'Shared code (lib, components, theme, config) never imports features or the app.',
  },
];

/** A colour written in a string or a template: `#rgb` to `#rrggbbaa`, `rgb(`, `rgba(`, `hsl(`, `hsla(`. */
const COLOUR = String.raw`/#[0-9a-fA-F]{3,8}\b|\b(rgb|hsl)a?\(/`;
const strayColours = [`Literal[value=${COLOUR}]`, `TemplateElement[value.raw=${COLOUR}]`].map((selector) => ({
  selector,
  message: 'Colours live in src/theme/theme.ts: use its token, or add one there named by its role.',
}));

/** Where the app links or navigates: JSX `to`/`href`/`restart`, an object's `to`/`pathname`, `navigate(…)`, `redirect(…)`, `location.assign/replace(…)`. */
const routeSpots = [
  'JSXAttribute[name.name=/^(to|href|restart)$/]',
  'JSXAttribute[name.name=/^(to|href|restart)$/] > JSXExpressionContainer',
  'Property[key.name=/^(to|pathname)$/]',
];
const routeCalls = [
  'CallExpression[callee.name=/^(navigate|redirect)$/]',
  'CallExpression[callee.property.name=/^(assign|replace)$/]:matches([callee.object.name="location"], [callee.object.property.name="location"])',
];
const handBuiltPaths = [
  ...routeSpots.flatMap((spot) => [`${spot} > Literal[value=/^\\//]`, `${spot} > TemplateLiteral[quasis.0.value.raw=/^\\//]`]),
  ...routeCalls.flatMap((call) => [`${call} > Literal.arguments:first-child[value=/^\\//]`, `${call} > TemplateLiteral.arguments:first-child[quasis.0.value.raw=/^\\//]`]),
].map((selector) => ({ selector, message: "Build in-app paths with href() from '@/config/paths': every route is in its table." }));

export default defineConfig(
  globalIgnores(['dist/', 'test-results/', 'e2e/test-results/', 'playwright-report/', 'coverage/']),
  js.configs.recommended,
  typescript.recommended,
  reactHooks.configs.flat.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    settings: {
      // Resolves `@/…` through tsconfig paths, then node_modules.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: resolve(root, 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': 'error',
      // styled-components documents `import styled from 'styled-components'`; its named `styled`
      // export is the same function, so this warning would only ever be noise here.
      'import-x/no-named-as-default': 'off',
      // As tsc's noUnusedLocals: `_name` and the siblings of a rest pattern are left out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // The browser's alert/confirm/prompt: the app asks through its own dialog (components/confirm-dialog.tsx).
      'no-alert': 'error',
    },
  },
  {
    // zod comes through lib/zod.ts, which turns off its `new Function` probe (the CSP forbids it).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/zod.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: "Import z from '@/lib/zod' (jitless under the CSP)." }] }],
    },
  },
  {
    // Two things no-restricted-syntax refuses in the app's code (tests are left out):
    // - every in-app path through config/paths.ts (`href(name, params, query)`), never spelt by hand:
    //   a literal or template starting with `/` where the app links or navigates. API paths
    //   (`api.get('/…')`) are not routes and are not looked at;
    // - colours only in theme/ (issue 45 item 5): a hex colour, rgb(a) or hsl(a) anywhere else is a
    //   stray one; name it in theme.ts and use the token.
    // One rule's settings replace another config's for the same files, so both lists are set here
    // and theme/ below sets the paths alone.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-syntax': ['error', ...handBuiltPaths, ...strayColours],
    },
  },
  {
    files: ['src/theme/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...handBuiltPaths],
    },
  },
  {
    // Tests use Vitest's globals (describe, it, expect, vi).
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    languageOptions: { globals: { ...globals.vitest } },
  },
  {
    // Build, test-runner and end-to-end files run in Node.
    files: ['*.config.{js,ts}', 'e2e/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
