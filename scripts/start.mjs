/** `npm start`: install and build what is missing, then serve the app and the API on PORT. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, ensureBuild, ensureDependencies } from './prepare.mjs';
import { onSupportedNode } from './node.mjs';

await onSupportedNode();
ensureDependencies();
ensureBuild();
const server = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'sync-server/main.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
