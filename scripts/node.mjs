/**
 * Which Node runs the shop's commands (`npm start`, `npm test`, `npm run bench`, `npm run dev`): the machine's own
 * when it is on one of the LTS lines that package.json's `engines` names, otherwise the Node pinned in
 * node-pinned.json. That one is the official binary the npm registry ships as the package `node-<os>-<cpu>`,
 * fetched once by the machine's own npm into .tmp/ (beside the clone, so a fresh clone fetches it and `rm -rf`
 * of the clone takes it away) and checked against its pinned hash, as the lockfile checks every other package.
 * The command then runs again on it, with that Node first on PATH and as npm's `NODE` and `nodedir`, so all it
 * starts (npm ci and the packages' install scripts, tsx, Vitest, Vite, the server, Chromium's harness) runs on the
 * same Node. Plain Node with no dependencies, like prepare.mjs: it runs first, on whatever Node the machine has.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './prepare.mjs';

const json = (file) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
const PINNED = json('scripts/node-pinned.json');
const ENGINES = json('package.json').engines.node;
const PLATFORM = `${process.platform}-${process.arch}`;
/** Where the pinned Node lives once fetched: `bin/node`, and `include/node` for node-gyp. */
export const PINNED_DIR = path.join(ROOT, '.tmp', `node-v${PINNED.version}-${PLATFORM}`);
const PINNED_NODE = path.join(PINNED_DIR, 'bin', 'node');

/**
 * The supported lines of an `engines` range written as `^22.20.0 || ^24.12.0 || ^26.0.0` (the only shape used here,
 * so no semver package is needed before node_modules exists): each one major line from its lowest version.
 */
export function supportedLines(range = ENGINES) {
  return range.split('||').map((part) => {
    const m = /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(part);
    if (!m) throw new Error(`engines.node: "${part.trim()}" is not written as ^major.minor.patch`);
    return m.slice(1).map(Number);
  });
}

/** Whether a Node version (`v24.21.0` or `24.21.0`) is on a supported line, at or past its lowest version. */
export function isSupported(version, range = ENGINES) {
  const [major, minor, patch] = version.replace(/^v/, '').split('.').map(Number);
  return supportedLines(range).some(([M, m, p]) => major === M && (minor > m || (minor === m && patch >= p)));
}

const lineNames = () => supportedLines().map(([major]) => major).join(', ');

function fail(message) {
  console.error(`✗ ${message}`);
  process.exit(1);
}

/** Fetches the pinned Node with the machine's npm (`npm pack`: its cache, its registry settings), checks it, unpacks it. */
function fetchPinned() {
  const integrity = PINNED.integrity[PLATFORM];
  if (!integrity) {
    fail(`Node ${process.version} di luar baris LTS yang didukung (${lineNames()}), dan tidak ada Node disematkan untuk ${PLATFORM}: pasang Node ${lineNames()}.`);
  }
  const spec = `node-${PLATFORM}@${PINNED.version}`;
  console.log(`• Mengambil Node v${PINNED.version} dari registri npm (${spec})…`);
  mkdirSync(path.dirname(PINNED_DIR), { recursive: true });
  const work = mkdtempSync(`${PINNED_DIR}.fetch-`);
  try {
    const pack = spawnSync('npm', ['pack', spec, '--pack-destination', work, '--json'], { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (pack.status !== 0) fail(`npm pack ${spec} gagal (kode ${pack.status ?? pack.signal}).`);
    const tarball = path.join(work, JSON.parse(pack.stdout)[0].filename);
    const got = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (got !== integrity) fail(`${spec}: hash ${got} bukan yang disematkan di scripts/node-pinned.json.`);
    const unpacked = path.join(work, 'node');
    mkdirSync(unpacked);
    const tar = spawnSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1'], { stdio: 'inherit' });
    if (tar.status !== 0) fail(`tar gagal membuka ${tarball}.`);
    const version = spawnSync(path.join(unpacked, 'bin', 'node'), ['--version'], { encoding: 'utf8' }).stdout?.trim();
    if (version !== `v${PINNED.version}`) fail(`${spec} tidak berjalan di mesin ini (${version || 'tanpa versi'}).`);
    // Another command of the same clone may have fetched it meanwhile: theirs is as good.
    if (!existsSync(PINNED_NODE)) renameSync(unpacked, PINNED_DIR);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * V8's compiled code of the modules a process loads, kept on disk for the next process (NODE_COMPILE_CACHE, Node 22.1
 * and later): the server alone loads about 2.5 s of modules here, 1.7 s from the cache, and `npm test` starts it
 * dozens of times. Under node_modules, so the next npm ci drops it with the modules it was made from.
 */
const COMPILE_CACHE = path.join(ROOT, 'node_modules', '.cache', 'node-compile');

/**
 * Resolves at once on a supported Node (after saying which one runs). On any other, runs this same command again on
 * the pinned Node, passing signals on (Ctrl-C, a supervisor's SIGTERM) and ending with its exit: it never resolves.
 */
export async function onSupportedNode() {
  if (isSupported(process.version)) {
    const pinned = process.execPath === PINNED_NODE;
    process.env.NODE_COMPILE_CACHE ??= COMPILE_CACHE;
    console.log(`• Node ${process.version} (${pinned ? `disematkan, ${path.relative(ROOT, PINNED_NODE)}` : `milik mesin ini, ${process.execPath}`})`);
    return;
  }
  console.log(`• Node mesin ini ${process.version} di luar baris LTS yang didukung (${lineNames()}): memakai Node v${PINNED.version} yang disematkan.`);
  if (!existsSync(PINNED_NODE)) fetchPinned();
  const bin = path.dirname(PINNED_NODE);
  const env = {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    // npm run passes its own Node on in these; npm ci, node-gyp and install scripts read them.
    NODE: PINNED_NODE,
    npm_node_execpath: PINNED_NODE,
    npm_config_nodedir: PINNED_DIR,
  };
  const child = spawn(PINNED_NODE, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  await new Promise(() => {
    child.on('exit', (code, signal) => {
      if (!signal) process.exit(code ?? 1);
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    });
  });
}
