/**
 * The 1,000 orders tests/e2e/admin.test.ts searches among, written straight into the server's store before the server
 * opens it (as tests/bench/admin.bench.ts does): `tsx tests/e2e/admin-seed.ts DATA_DIR`. A child process, because
 * LevelDB's locks are only surely free once the process that held them has exited.
 */
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../sync-server/config';
import { Store } from '../../sync-server/data-access/store';
import { TEST_SECRET } from '../helpers/server';
import { transactionDoc } from '../server/fixtures';

export const SEEDED = 1000;
const DAY = 86_400_000;

/**
 * 1,000 orders of 97 customers, four a day through 2025 from 1 January (at noon UTC, the same day on this machine),
 * every status, a resi on every fourth. Deterministic, so the test knows them without reading the store.
 */
export function seededOrders() {
  return Array.from({ length: SEEDED }, (_, i) => {
    const owner = `u${String(i % 97).padStart(19, '0')}`;
    const doc = transactionDoc(owner, {
      userName: `Pembeli ${i}`, email: `pembeli${i}@contoh.id`, phone: `0813${String(i).padStart(8, '0')}`,
      resi: i % 4 === 2 ? `SICEPAT${String(i).padStart(6, '0')}` : '', buyStatus: i % 5,
      createdAt: Date.UTC(2025, 0, 1, 12) + Math.floor(i / 4) * DAY,
    });
    return { ...doc, id: `${owner.slice(0, 5)}A${1_735_000_000 + i}s${i}` };
  });
}

async function seed(dataDir: string): Promise<void> {
  const store = await Store.open(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: TEST_SECRET }));
  const docs = seededOrders();
  for (let i = 0; i < docs.length; i += 500) {
    await store.write('transactions', docs.slice(i, i + 500).map((doc) => ({ doc: { ...doc, _deleted: false }, rev: undefined })));
  }
  await store.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await seed(process.argv[2]!);
  process.exit(0);
}
