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

it('when the whole tree is linted, then there are no problems', async () => {
  const results = await eslint.lintFiles(['.']);
  const problems = results.filter((r) => r.messages.length > 0);
  const text = (await eslint.loadFormatter('stylish')).format(problems);
  expect(text).toBe('');
}, 300_000);

describe('when the shape is broken on purpose, then lint says which rule', () => {
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
});
