/**
 * Shipping routes against a bare Express route returning a fixed JSON (the same bytes), in the same run
 * on loopback: `POST /api/ongkos` answered from the cache and `GET /api/kota/:id`, 50 connections, a few
 * seconds each. The server runs in its own process (tests/bench/shipping-target.ts) so autocannon does not
 * compete with it for one JavaScript thread. Run: npx tsx tests/bench/shipping.bench.ts
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sized } from './smoke';

/** The part of autocannon 8 used here (the package ships no types, and @types/autocannon is not installed). */
interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
  /** Requests to send, then stop (instead of a duration). */
  amount?: number;
}
interface LoadResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: LoadOptions) => Promise<LoadResult>;

const ONGKOS_BODY = JSON.stringify({
  origin: '337401', originType: 'subdistrict', destination: '317101', destinationType: 'subdistrict', weight: 1000, courier: 'jne',
});
/** 50 connections for a few seconds; the smoke run sends a few requests. */
const LOAD: Partial<LoadOptions> = sized({ connections: 50, duration: 4 }, { connections: 5, amount: 50 });
const WARM_UP: Partial<LoadOptions> = sized({ duration: 1 }, { amount: 20 });
const ROUNDS = sized(2, 1);
const GOAL = 0.8;

interface Run {
  rps: number;
  p99: number;
  non2xx: number;
}

async function load(opts: LoadOptions): Promise<Run> {
  const r = await autocannon({ ...LOAD, ...opts });
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx + r.errors + r.timeouts };
}

async function main(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const target = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join(import.meta.dirname, 'shipping-target.ts')], {
    cwd: root,
    env: { ...process.env, BENCH_ONGKOS_BODY: ONGKOS_BODY },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    target.stdout.on('data', (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    target.once('exit', (code) => reject(new Error(`benchmark server exited (${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: ONGKOS_BODY };
  // Warm the JIT on both sides before measuring.
  await load({ url: `${base}/api/ongkos`, ...post, ...WARM_UP });
  await load({ url: `${base}/bare/ongkos`, ...post, ...WARM_UP });

  const cases: Array<[string, LoadOptions, LoadOptions]> = [
    ['shipping.ongkos', { url: `${base}/api/ongkos`, ...post }, { url: `${base}/bare/ongkos`, ...post }],
    ['shipping.kota', { url: `${base}/api/kota/33` }, { url: `${base}/bare/kota` }],
  ];
  // Bare and ours alternate over ROUNDS rounds (bare, ours, ours, bare, …) so a burst of load from
  // elsewhere on this shared machine falls on both sides; the figures are the means over the rounds.
  for (const [name, route, bareOpts] of cases) {
    const bare: Run[] = [];
    const ours: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const pair = round % 2 === 0 ? [bareOpts, route] : [route, bareOpts];
      for (const opts of pair) (opts === route ? ours : bare).push(await load(opts));
    }
    const rps = (runs: Run[]) => runs.reduce((s, r) => s + r.rps, 0) / runs.length;
    const p99 = (runs: Run[]) => runs.reduce((s, r) => s + r.p99, 0) / runs.length;
    const rpsRatio = rps(ours) / rps(bare);
    // Above 1 means our p99 latency is lower than the bare route's.
    const p99Ratio = p99(bare) / Math.max(p99(ours), 1);
    const errors = ours.reduce((s, r) => s + r.non2xx, 0);
    console.log(
      `${name} rps_ratio=${rpsRatio.toFixed(2)} p99_ratio=${p99Ratio.toFixed(2)} (goal ≥ ${GOAL}) rps=${Math.round(rps(ours))} bare_rps=${Math.round(rps(bare))} p99_ms=${p99(ours).toFixed(1)} bare_p99_ms=${p99(bare).toFixed(1)} errors=${errors}`,
    );
  }
  target.kill('SIGTERM');
}

await main();
