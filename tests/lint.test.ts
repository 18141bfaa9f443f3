/**
 * The code keeps its shape (eslint.config.js, docs/architecture.md "Enforced layers"): the whole tree lints clean, and
 * each rule of the shape fails when it is broken on purpose: an import across a layer, one feature importing another,
 * the server reaching into the PWA, a cycle, a hook called conditionally. The planted files are linted as text under
 * a real path (nothing is written), so the resolver sees the tree as it is.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The rules `code` breaks when it stands at `file`. */
async function broken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

/**
 * Functions over 80 lines, outside tests: their number only goes down. When you split one, lower this to the new
 * count (the test says so); a new long function fails here. The longest any function may be is FUNCTION_MAX_LINES
 * (eslint.config.js), an error of its own.
 */
const FUNCTIONS_OVER_80 = 18;
const LONG_FUNCTION: ESLint.Options['overrideConfig'] = {
  files: ['src/**', 'sync-server/**'],
  ignores: ['**/*.test.ts', '**/*.test.tsx', 'src/app/test-utils.tsx'],
  rules: { 'max-lines-per-function': ['warn', { max: 80 }] },
};

it('when the whole tree is linted, then there are no problems, and no more long functions than before', async () => {
  const counting = new ESLint({ cwd: ROOT, overrideConfig: LONG_FUNCTION });
  const results = await counting.lintFiles(['.']);
  const long = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'max-lines-per-function').map((m) => `${path.relative(ROOT, r.filePath)}:${m.line} ${m.message}`));
  const problems = results
    .map((r) => ({ ...r, messages: r.messages.filter((m) => m.ruleId !== 'max-lines-per-function' || m.severity === 2) }))
    .filter((r) => r.messages.length > 0);
  const text = (await counting.loadFormatter('stylish')).format(problems);
  expect(text).toBe('');
  expect(long.length, `functions over 80 lines (lower FUNCTIONS_OVER_80 when there are fewer):\n${long.join('\n')}`).toBe(FUNCTIONS_OVER_80);
}, 300_000);

// The first planted file loads the whole TypeScript program for the type-aware rules (a minute on a busy machine).
describe('when the shape is broken on purpose, then lint says which rule', { timeout: 180_000 }, () => {
  it('src/domain importing the PWA', async () => {
    expect(await broken('src/domain/planted.ts', "import { api } from '../lib/api';\nexport const x = api;\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*src\/domain imports nothing/),
    ]);
  });

  it('src/domain doing input or output (a library type is fine)', async () => {
    expect(await broken('src/domain/planted.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*rules only/),
    ]);
    expect(await broken('src/domain/planted.ts', "export const x = () => fetch('/api/goods');\n")).toEqual([
      expect.stringMatching(/^no-restricted-globals: .*rules only/),
    ]);
    expect(await broken('src/domain/planted.ts', "import type { RxJsonSchema } from 'rxdb';\nexport type X = RxJsonSchema<object>;\n")).toEqual([]);
  });

  it('src/lib importing a feature, and a component importing the app', async () => {
    expect(await broken('src/lib/planted.ts', "import { useCatalogue } from '../features/products/use-catalogue';\nexport const x = useCatalogue;\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*src\/lib imports only src\/domain/),
    ]);
    expect(await broken('src/components/planted.ts', "import { routes } from '../app/routes';\nexport const x = routes;\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*src\/components imports only/),
    ]);
  });

  it('one feature importing another, which src/app/pages may do', async () => {
    const code = "import { useCatalogue } from '../products/use-catalogue';\nexport const x = useCatalogue;\n";
    expect(await broken('src/features/admin/planted.ts', code)).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports another feature/),
    ]);
    expect(await broken('src/app/pages/planted.ts', "import { useCatalogue } from '../../features/products/use-catalogue';\nexport const x = useCatalogue;\n")).toEqual([]);
  });

  it('the server importing the PWA other than through its one server-render entry', async () => {
    expect(await broken('sync-server/planted.ts', "import { api } from '../src/lib/api';\nexport const x = api;\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*sync-server imports only src\/domain/),
    ]);
    expect(await broken('sync-server/planted.ts', "import { routes } from '../src/app/routes';\nexport const x = routes;\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*sync-server imports only src\/domain/),
    ]);
    const entry = "export type Render = typeof import('../src/app/server-render').renderAppHtml;\nimport { UI } from '../src/domain/ui-text';\nexport const x = UI;\n";
    expect(await broken('sync-server/planted.ts', entry)).toEqual([]);
  });

  it('an import cycle', async () => {
    // src/domain/schemas.ts imports codes.ts: codes.ts importing schemas.ts closes a cycle.
    expect(await broken('src/domain/codes.ts', "import { SCHEMAS } from './schemas';\nexport const x = SCHEMAS;\n")).toEqual([
      expect.stringMatching(/^import-x\/no-cycle: /),
    ]);
  });

  it('a hook called conditionally, and an effect missing what it reads', async () => {
    const code = [
      "import { useEffect, useState } from 'react';",
      'export function usePlanted(on: boolean, n: number) {',
      '  if (on) useState(0);',
      '  useEffect(() => console.log(n), []);',
      '}',
      '',
    ].join('\n');
    const rules = (await broken('src/lib/planted.ts', code)).map((m) => m.split(':')[0]);
    expect(rules).toEqual(['react-hooks/rules-of-hooks', 'react-hooks/exhaustive-deps']);
  });

  it('a promise nobody awaits, catches or marks with void', async () => {
    const code = 'export async function planted(save: () => Promise<void>) {\n  save();\n  void save();\n  await save();\n}\n';
    expect(await broken('src/lib/planted.ts', code)).toEqual([expect.stringMatching(/^@typescript-eslint\/no-floating-promises: /)]);
    expect(await broken('sync-server/planted.ts', code)).toEqual([expect.stringMatching(/^@typescript-eslint\/no-floating-promises: /)]);
  });

  it("a screen writing to RxDB itself, which only src/lib/writes may do (a store's own patch is not RxDB's)", async () => {
    const code = [
      "import type { RxCollection, RxDocument } from 'rxdb';",
      'export async function planted(carts: RxCollection, doc: RxDocument, state: { patch(p: object): void }) {',
      "  await carts.insert({ id: 'x' });",
      '  await doc.incrementalPatch({ qty: 2 });',
      '  state.patch({ qty: 2 });',
      '}',
      '',
    ].join('\n');
    const rules = await broken('src/features/ordering/planted.ts', code);
    expect(rules).toEqual([
      expect.stringMatching(/^jepret\/writes-through-mutators: An RxDB write \(insert\)/),
      expect.stringMatching(/^jepret\/writes-through-mutators: An RxDB write \(incrementalPatch\)/),
    ]);
    expect(await broken('src/lib/writes/planted.ts', code)).toEqual([]);
  });

  it('a word written in JSX rather than in a text module', async () => {
    const code = (jsx: string) => `export const Planted = () => ${jsx};\n`;
    const word = /^no-restricted-syntax: A word in JSX/;
    expect(await broken('src/features/products/planted.tsx', code('<p>Beli sekarang</p>'))).toEqual([expect.stringMatching(word)]);
    expect(await broken('src/features/products/planted.tsx', code("<p>{'Beli'}</p>"))).toEqual([expect.stringMatching(word)]);
    expect(await broken('src/features/products/planted.tsx', code('<img alt="Foto produk" src="/a.png" />'))).toEqual([
      expect.stringMatching(/^no-restricted-syntax: A word in a JSX attribute/),
    ]);
    expect(await broken('src/features/products/planted.tsx', code("<p>{1200} g · {'·'}</p>"))).toEqual([]);
  });

  it('a function longer than the longest allowed', async () => {
    const body = Array.from({ length: 170 }, (_, i) => `  total += ${i};`).join('\n');
    const code = `export function planted() {\n  let total = 0;\n${body}\n  return total;\n}\n`;
    expect(await broken('sync-server/planted.ts', code)).toEqual([expect.stringMatching(/^max-lines-per-function: Function 'planted' has too many lines/)]);
    expect(await broken('sync-server/planted.test.ts', code)).toEqual([]);
  });
});
