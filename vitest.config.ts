import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Node 25 and later define their own `localStorage` and `sessionStorage` globals, which hide jsdom's in the `ui`
 * project (without `--localstorage-file` they are undefined, and each read warns). `--no-experimental-webstorage`
 * turns them off; Node 22 and 24 accept it too (their Web Storage is off already), Node 20 refuses it at start.
 */
const WITHOUT_NODE_WEBSTORAGE = process.allowedNodeEnvironmentFlags.has('--no-experimental-webstorage') ? ['--no-experimental-webstorage'] : [];

/**
 * Five kinds of test, one runner: `unit` (domain and libraries, Node, and the type check), `ui` (components in jsdom),
 * `server` (the real sync server over HTTP against a real store), `e2e` (Chromium against `npm start`'s build) and
 * `bench` (each benchmark end to end at a tiny size). Server and browser tests start their own servers on free
 * loopback ports.
 */
export default defineConfig({
  test: {
    // Two files at a time: Vitest's default leaves one core free, which on these two-core machines ran every file
    // one after the other. Most of a server or ui file waits on I/O; the browser tests keep to one at a time.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts', 'sync-server/**/*.test.ts', 'tests/typecheck.test.ts', 'tests/lint.test.ts', 'tests/node-lines.test.ts'],
        },
      },
      {
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/setup-ui.ts'],
          execArgv: WITHOUT_NODE_WEBSTORAGE,
          // The browser's build of tus-js-client (XMLHttpRequest), as Vite bundles it for the PWA; Node's would use `http`.
          alias: { 'tus-js-client': fileURLToPath(new URL('./node_modules/tus-js-client/lib.esm/browser/index.js', import.meta.url)) },
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // After the other projects, two files at a time (each its own server and Chromium): on a quiet two-core
          // machine 485 s against 616 s one after the other, the slowest test 45 s of its 120. Polls wait 15 s.
          fileParallelism: true,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A browser on a shared, busy machine can take seconds to do what takes milliseconds on a quiet one (log out
          // wipes the device's stores before the Login link shows). Vitest's default of 1 s made waits flaky in CI.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
      {
        test: {
          name: 'bench',
          environment: 'node',
          include: ['tests/bench/**/*.test.ts'],
          // Each smoke run is a process of its own (tests/bench/smoke.test.ts): two at a time on two cores.
          maxConcurrency: 2,
        },
      },
    ],
  },
});
