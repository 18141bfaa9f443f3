/**
 * The code's shape, checked (docs/architecture.md, "Enforced layers"): which folder may import which, no import
 * cycles, the hooks' rules. `npm run lint` runs it; `npm test` runs it too (tests/lint.test.ts), so a change that
 * breaks the shape fails CI like a failing test.
 *
 * The layers, inner to outer:
 *   src/domain     the shop's rules, shared by the PWA and the server: imports nothing of the project outside itself
 *   src/lib        the PWA's plumbing (database, sync, writes, photos): the domain only
 *   src/components shared screens' parts: the domain and lib
 *   src/features/X one feature: the layers above and its own folder, never another feature
 *   src/app        puts features together (routes, pages composed of several features)
 *   sync-server    the server: the domain, and the PWA only through src/app/server-render.tsx (pre-rendered pages)
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { jepret } from './eslint.rules.js';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const SERVER_RULE = 'sync-server imports only src/domain, and the PWA through src/app/server-render.tsx.';

/**
 * One zone per rule: files under `target` may not import from `from`, except what `except` names (relative to
 * `from`). A test may also mount what it tests inside the app (src/app/test-utils.tsx, the routes): `forTests`.
 */
function layers({ forTests }) {
  return [
    { target: './src/domain', from: './src', except: ['./domain'], message: 'src/domain imports nothing of the project outside itself.' },
    { target: './src/domain', from: ['./sync-server', './tests', './scripts'], message: 'src/domain imports nothing of the project outside itself.' },
    {
      target: './src/lib',
      from: ['./src/app', './src/features', './src/components', './sync-server'],
      message: 'src/lib imports only src/domain (and itself).',
    },
    {
      target: './src/components',
      from: ['./src/app', './src/features', './sync-server'].filter((from) => !(forTests && from === './src/app')),
      message: 'src/components imports only src/domain, src/lib and itself.',
    },
    ...features.map((name) => ({
      target: `./src/features/${name}`,
      from: './src/features',
      except: [`./${name}`],
      message: 'A feature never imports another feature: src/app/pages puts features together.',
    })),
    ...(forTests ? [] : [{ target: './src/features', from: './src/app', message: 'A feature does not import the app that composes it.' }]),
    { target: './src/features', from: './sync-server', message: 'The PWA does not import the server.' },
    {
      target: './sync-server',
      from: ['./src/lib', './src/components', './src/features', './src/main.tsx', './src/styles', './tests'],
      message: SERVER_RULE,
    },
    { target: './sync-server', from: './src/app', except: ['./server-render.tsx'], message: SERVER_RULE },
  ];
}

const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'src/app/test-utils.tsx'];
const TYPED = ['src/**/*.ts', 'src/**/*.tsx', 'sync-server/**/*.ts', 'tests/**/*.ts'];
const PLANTED = ['src/*/planted.ts', 'src/*/*/planted.ts', 'src/*/*/planted.tsx', 'sync-server/planted.ts', 'sync-server/planted.test.ts', 'sync-server/*/planted.ts'];

/**
 * The longest a function may be (lines, comments included). Functions over 80 lines are counted apart, and their
 * number only goes down (FUNCTIONS_OVER_80 in tests/lint.test.ts).
 */
const FUNCTION_MAX_LINES = 160;

export default tseslint.config(
  { ignores: ['dist/**', 'dev-dist/**', '.tmp/**', 'data/**', 'coverage/**', 'public/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // How import-x reads a TypeScript module it follows (for cycles): the parser and extensions of its typescript preset.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layers({ forTests: false }) }],
      // An unused value is a type-check error already (noUnusedLocals); a leading _ marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The domain is rules only: no input or output, no framework; the PWA and the server bring those. A type
    // import (a library's shape) is fine.
    files: ['src/domain/**/*.ts'],
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'fs/*', 'path', 'http', 'https', 'net', 'os', 'child_process', 'worker_threads', 'react', 'react-*', 'rxdb', 'rxdb/*', 'dexie', 'pouchdb*', 'express', 'sharp', 'level*', 'idb*'],
              allowTypeImports: true,
              message: 'src/domain holds rules only: no input or output, no framework (a type import is fine).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'localStorage', 'sessionStorage', 'indexedDB', 'document', 'navigator', 'process'].map(
          (name) => ({ name, message: 'src/domain holds rules only: input and output belong to the PWA or the server.' }),
        ),
      ],
    },
  },
  {
    // Rules that read the types: a promise nobody awaits or catches fails silently, a write to the device's database
    // outside the named mutators has no failure path.
    files: TYPED,
    plugins: { jepret },
    languageOptions: {
      parserOptions: {
        // tests/lint.test.ts lints planted files that are never written: they get the project's own options.
        projectService: { allowDefaultProject: PLANTED, defaultProject: 'tsconfig.json', maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 32 },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // Every write to RxDB is a named mutator in src/lib/writes (docs/architecture.md, "Writes"). The two writers for no
    // screen: the uploader swaps an uploaded photo's URL in, sign-out removes the account's database.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: [...TESTS, 'src/lib/writes/**', 'src/lib/photos/uploader.ts', 'src/lib/auth/use-sign-out.ts'],
    rules: { 'jepret/writes-through-mutators': 'error' },
  },
  {
    // Every word a screen shows lives in a text module (src/domain/*-text.ts, messages.ts), where a translator looks:
    // JSX holds no word of two letters or more ('g' after a weight is a unit, not a word).
    files: ['src/**/*.tsx'],
    ignores: TESTS,
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXText[value=/\\p{L}{2,}/u]', message: 'A word in JSX: put the text in a text module (src/domain/ui-text.ts and its kin).' },
        {
          selector: 'JSXAttribute[name.name=/^(aria-label|aria-description|title|alt|placeholder|label)$/] > Literal[value=/\\p{L}{2,}/u]',
          message: 'A word in a JSX attribute: put the text in a text module (src/domain/ui-text.ts and its kin).',
        },
        { selector: 'JSXExpressionContainer > Literal[value=/\\p{L}{2,}/u]', message: 'A word in JSX: put the text in a text module (src/domain/ui-text.ts and its kin).' },
      ],
    },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx', 'sync-server/**/*.ts'],
    ignores: TESTS,
    rules: { 'max-lines-per-function': ['error', { max: FUNCTION_MAX_LINES }] },
  },
  {
    files: TESTS,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layers({ forTests: true }) }] },
  },
  {
    // Tests read the server's JSON answers loosely; the code under test is typed.
    files: ['tests/**', ...TESTS],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
