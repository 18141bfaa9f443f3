/** `npm run dev`: the sync server (restarting on change) and Vite's dev server with reload. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, ensureDependencies } from './prepare.mjs';
import { onSupportedNode } from './node.mjs';

await onSupportedNode();
ensureDependencies();
const bin = (...p) => path.join(ROOT, 'node_modules', ...p);
const children = [
  spawn(process.execPath, [bin('tsx', 'dist', 'cli.mjs'), 'watch', 'sync-server/main.ts'], { cwd: ROOT, stdio: 'inherit' }),
  spawn(process.execPath, [bin('vite', 'bin', 'vite.js')], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', () => { stop(); process.exitCode = c.exitCode ?? 0; }));
