/**
 * Shipping routes against a bare Express route returning a fixed JSON, in the same run on loopback:
 * `POST /api/ongkos` answered from the cache and `GET /api/kota/:id`, 50 connections, a few seconds each.
 * Run: npx tsx tests/bench/shipping.bench.ts
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { loadConfig } from '../../sync-server/config';
import { createShippingRouter } from '../../sync-server/shipping/router';

/** The part of autocannon 8 used here (the package ships no types, and @types/autocannon is not installed). */
interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
}
interface LoadResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: LoadOptions) => Promise<LoadResult>;

const CONNECTIONS = 50;
const SECONDS = 5;
const GOAL = 0.8;

interface Run {
  rps: number;
  p99: number;
  non2xx: number;
}

async function load(opts: LoadOptions): Promise<Run> {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx + r.errors + r.timeouts };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jepret-bench-shipping-'));
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'bench' });
  const app = express();
  const fixed = { rajaongkir: { query: {}, status: { code: 200, description: 'OK' }, results: [{ province_id: '33', province: 'Jawa Tengah' }] } };
  app.get('/bare', (_req, res) => void res.json(fixed));
  app.post('/bare', (_req, res) => void res.json(fixed));
  app.use('/api', createShippingRouter(config));
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const ongkosBody = JSON.stringify({ origin: '337401', originType: 'subdistrict', destination: '317101', destinationType: 'subdistrict', weight: 1000, courier: 'jne' });
  const post = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: ongkosBody };
  // Warm the caches (and the JIT) before measuring.
  await fetch(`${base}/api/ongkos`, post);
  await fetch(`${base}/api/kota/33`);
  await load({ url: `${base}/bare`, duration: 1 });

  const cases: Array<[string, LoadOptions, LoadOptions]> = [
    ['shipping.ongkos', { url: `${base}/api/ongkos`, ...post }, { url: `${base}/bare`, ...post }],
    ['shipping.kota', { url: `${base}/api/kota/33` }, { url: `${base}/bare` }],
  ];
  for (const [name, route, bareOpts] of cases) {
    const bare = await load(bareOpts);
    const ours = await load(route);
    const rpsRatio = ours.rps / bare.rps;
    // Above 1 means our p99 latency is lower than the bare route's.
    const p99Ratio = bare.p99 / Math.max(ours.p99, 1);
    console.log(
      `${name} rps_ratio=${rpsRatio.toFixed(2)} p99_ratio=${p99Ratio.toFixed(2)} (goal ≥ ${GOAL}) rps=${Math.round(ours.rps)} bare_rps=${Math.round(bare.rps)} p99_ms=${ours.p99} bare_p99_ms=${bare.p99} errors=${ours.non2xx}`,
    );
  }
  server.closeAllConnections();
  server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
