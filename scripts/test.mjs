/**
 * `npm test`: every test (unit, ui, server, e2e, and the benches' smoke runs) in one Vitest run, after installing what
 * is missing and building the PWA the browser tests and benches open. Extra arguments go to Vitest (e.g.
 * `npm test -- --project unit`).
 * Ends with one line `N passed, N failed, N skipped`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureBuild, ensureChromium, ensureDependencies, ensureTestTools } from './prepare.mjs';
import { onSupportedNode } from './node.mjs';

await onSupportedNode();
ensureDependencies();
const args = process.argv.slice(2);
const wantsBrowser = args.length === 0 || args.some((a) => /e2e|bench/.test(a));
if (args.length === 0 || args.some((a) => /server|fulfilment|e2e/.test(a))) ensureTestTools();
if (wantsBrowser) {
  process.env.CHROME_PATH = ensureChromium();
  ensureBuild();
}
const report = path.join(ROOT, '.tmp', 'vitest-report.json');
mkdirSync(path.dirname(report), { recursive: true });
rmSync(report, { force: true });

const run = spawnSync(
  process.execPath,
  [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
  { cwd: ROOT, stdio: 'inherit', env: process.env },
);

// No report at all (Vitest did not start) counts as one failure.
const { passed, failed, skipped } = existsSync(report) ? counts(JSON.parse(readFileSync(report, 'utf8'))) : { passed: 0, failed: 1, skipped: 0 };
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);

function counts(r) {
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + filesThatFailedToRun(r),
    skipped: r.numPendingTests + r.numTodoTests,
  };
}

/** A file that fails to load or in a hook counts as one failure; failed tests are counted by themselves. */
function filesThatFailedToRun(r) {
  return r.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')).length;
}
