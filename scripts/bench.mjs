/** `npm run bench`: every benchmark in tests/bench, each printing ratios against its anchor. */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureBuild, ensureChromium, ensureDependencies, ensureTestTools, tsx } from './prepare.mjs';
import { onSupportedNode } from './node.mjs';

await onSupportedNode();
ensureDependencies();
ensureTestTools();
process.env.CHROME_PATH = ensureChromium();
ensureBuild();
const dir = path.join(ROOT, 'tests', 'bench');
const only = process.argv[2];
let failures = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).sort()) {
  if (only && !file.includes(only)) continue;
  console.log(`\n=== ${file}`);
  const result = tsx(path.join(dir, file));
  if (result.status !== 0) failures++;
}
process.exit(failures ? 1 : 0);
