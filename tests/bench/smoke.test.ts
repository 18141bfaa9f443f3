/**
 * Every bench in this folder runs end to end in its smoke mode (BENCH_SMOKE=1, see smoke.ts: tiny sizes, a few
 * requests, one round), as its own process the way `npm run bench` runs it. Nothing here judges a figure: a bench
 * that no longer runs (an API it drives changed, the app it counts moved on) fails `npm test` instead of waiting for
 * the next `npm run bench`. A new bench is picked up by its file name; one without a smoke mode runs at full size
 * and overruns the time limit.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const DIR = import.meta.dirname;
const ROOT = path.resolve(DIR, '..', '..');
const BENCHES = readdirSync(DIR).filter((file) => file.endsWith('.bench.ts')).sort();
/**
 * Longer than any smoke run takes on a busy two-core machine (two smoke runs beside another test file: bad-line's took
 * 80 s with three of it and two busy loops), far shorter than a full run. Each bench says on stderr where it stands
 * (`stage` in smoke.ts), and that tail is printed when one overruns.
 */
const LIMIT_MS = 240_000;

/**
 * Runs a bench in a process group of its own, and ends whatever is left of that group when it ends: a bench that
 * crashes skips its own cleanup, and would leave its server and Chromium running after `npm test`.
 */
function runSmoke(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(DIR, file)], {
      cwd: ROOT,
      env: { ...process.env, BENCH_SMOKE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const endGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Nothing left of it.
      }
    };
    const overrun = setTimeout(endGroup, LIMIT_MS - 5_000);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', endGroup);
    child.on('close', (code) => {
      clearTimeout(overrun);
      resolve({ code, output });
    });
  });
}

// Two at a time: each is processes of its own (servers, Chromium), and these machines have two cores.
describe.concurrent('bench smoke', () => {
  for (const file of BENCHES) {
    const name = file.replace(/\.bench\.ts$/, '');
    test(`when ${file} runs in its smoke mode, then it ends with 0 and prints its figures as numbers`, async () => {
      const { code, output } = await runSmoke(file);
      const tail = output.slice(-4000);
      expect(code, tail).toBe(0);
      const figures = output.split('\n').filter((line) => line.startsWith(`${name}.`));
      expect(figures, tail).not.toEqual([]);
      expect(figures.filter((line) => /\b(NaN|undefined|Infinity)\b/.test(line)), tail).toEqual([]);
    }, LIMIT_MS);
  }
});
