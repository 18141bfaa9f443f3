/**
 * What `npm start`, `npm test` and `npm run bench` need before they run, installed or built only
 * when missing or stale. Plain Node with no dependencies: it runs before node_modules exists.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(ROOT, ...p);
const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (result.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} gagal (kode ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

/** `npm ci` when node_modules is absent or older than the lockfile. */
export function ensureDependencies() {
  const marker = at('node_modules', '.package-lock.json');
  if (mtime(marker) >= mtime(at('package-lock.json'))) return;
  console.log('• Memasang dependensi (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

function newestUnder(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.tsx') || entry.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestUnder(path.join(target, entry)));
  }
  return newest;
}

const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'manifest.webmanifest', 'shop.settings.json', 'package-lock.json'];

/** `vite build` when dist/ is missing or older than anything it is built from. */
export function ensureBuild() {
  const built = mtime(at('dist', 'index.html'));
  const newest = Math.max(...BUILD_INPUTS.map((p) => newestUnder(at(p))));
  if (built >= newest) return;
  console.log('• Membangun PWA (vite build)…');
  run(process.execPath, [at('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn']);
}

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** A Chromium for the browser tests: CHROME_PATH, a system one, or Debian's package installed now. */
export function ensureChromium() {
  const found = [process.env.CHROME_PATH, ...CHROMIUM_CANDIDATES].find((p) => p && existsSync(p));
  if (found) {
    warnIfOldChromium(found);
    return found;
  }
  const canApt = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!canApt) {
    console.error('✗ Chromium tidak ditemukan. Pasang Chromium (Debian/Ubuntu: `sudo apt-get install chromium`) atau set CHROME_PATH.');
    process.exit(1);
  }
  console.log('• Memasang Chromium dari paket Debian…');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return CHROMIUM_CANDIDATES.find((p) => existsSync(p)) ?? execFileSync('which', ['chromium']).toString().trim();
}

/** The oldest Chromium the browser tests are known to pass on (docs/stack-notes.md). */
const CHROMIUM_TESTED_MAJOR = 156;

/**
 * Chromium 150 (Debian bookworm's main archive, without the security updates) forgets Playwright's offline
 * emulation when a page reloads: `navigator.onLine` says true with no network, and the offline tests fail.
 */
function warnIfOldChromium(binary) {
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  const major = Number(/(\d+)\./.exec(version)?.[1]);
  if (major && major < CHROMIUM_TESTED_MAJOR) {
    console.warn(
      `! ${version.trim()} lebih lama dari Chromium ${CHROMIUM_TESTED_MAJOR} yang dipakai pengujian: uji offline bisa gagal. ` +
        'Perbarui (Debian: `apt-get update && apt-get install chromium`).',
    );
  }
}

/**
 * The Debian tools the tests use on real files, by the package that brings each: heif-enc makes the real HEIC
 * photos, pdftoppm and unzip read print sheets and photo bundles, nginx and caddy are the proxies the deployment
 * guide puts in front of the shop (tests/e2e/deploy.test.ts), openssl makes nginx's test certificate. Installed when
 * missing, as Chromium is.
 */
const TEST_TOOLS = { 'heif-enc': 'libheif-examples', pdftoppm: 'poppler-utils', unzip: 'unzip', nginx: 'nginx', caddy: 'caddy', openssl: 'openssl' };

/** On PATH, or where Debian puts it (nginx lives in /usr/sbin, which is not on an ordinary user's PATH). */
const hasTool = (tool) => spawnSync('which', [tool]).status === 0 || ['/usr/sbin', '/usr/bin'].some((dir) => existsSync(path.join(dir, tool)));

export function ensureTestTools() {
  const missing = Object.keys(TEST_TOOLS).filter((tool) => !hasTool(tool));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((tool) => TEST_TOOLS[tool]))];
  if (process.getuid?.() !== 0 || spawnSync('which', ['apt-get']).status !== 0) {
    console.error(`✗ ${missing.join(', ')} tidak ditemukan. Pasang paket Debian/Ubuntu: ${packages.join(' ')}.`);
    process.exit(1);
  }
  console.log(`• Memasang ${packages.join(', ')} dari paket Debian…`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', ...packages], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

export const tsx = (script, args = [], env = process.env) =>
  spawnSync(process.execPath, [at('node_modules', 'tsx', 'dist', 'cli.mjs'), script, ...args], { cwd: ROOT, stdio: 'inherit', env });
