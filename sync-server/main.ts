/** `tsx sync-server/main.ts`: the shop's one process (app + API on PORT, data in DATA_DIR). */
import { loadConfig } from './config';
import { startServer } from './server';

process.on('unhandledRejection', (reason) => {
  // express-pouchdb lets some bad requests escape as rejections: log them, keep serving.
  console.error('[server] unhandled rejection:', reason instanceof Error ? reason.message : reason);
});
process.on('uncaughtException', (err) => {
  console.error('[server] uncaught exception:', err.message);
});

const config = loadConfig();
const server = await startServer(config);
console.log(`Jepret berjalan di ${server.url}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('Jepret berhenti…');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
