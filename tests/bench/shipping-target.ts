/**
 * The server side of the shipping benchmark, in its own process so the load generator does not share its
 * thread: the real shipping router under /api, and bare routes that send fixed bytes equal to the real
 * answers (taken once at start), so the ratio measures what our routes do, not the size of the payload.
 * Prints its port on stdout once ready.
 */
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { loadConfig } from '../../sync-server/config';
import { createShippingRouter } from '../../sync-server/shipping/router';

const ONGKOS_BODY = process.env.BENCH_ONGKOS_BODY ?? '{}';

// The bench's one address sends thousands of quotes: the limit stays on (its cost is measured) but far away.
const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'jepret-bench-shipping-')), SESSION_SECRET: 'bench', QUOTES_PER_HOUR: '1000000000' });
const app = express();
const fixed: Record<string, string> = {};
app.get('/bare/kota', (_req, res) => void res.type('application/json').send(fixed.kota));
app.post('/bare/ongkos', (_req, res) => void res.type('application/json').send(fixed.ongkos));
app.use('/api', createShippingRouter(config));
const server = app.listen(0, '127.0.0.1');
await once(server, 'listening');
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
fixed.kota = await (await fetch(`${base}/api/kota/33`)).text();
fixed.ongkos = await (await fetch(`${base}/api/ongkos`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ONGKOS_BODY })).text();
console.log(`PORT ${(server.address() as AddressInfo).port}`);
process.on('SIGTERM', () => process.exit(0));
