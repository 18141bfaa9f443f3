/**
 * Twenty phone photos picked at once on a phone-speed CPU over a slow uplink, as a customer in a market stall sends
 * them: Chromium at 4x CPU slowdown (CDP `Emulation.setCPUThrottlingRate`), the uplink at 750 kbps with 150 ms of
 * latency (`Network.emulateNetworkConditions`, the download generous). The app prepares each photo (HEIC converted,
 * scaled to 1600 px, re-encoded) and uploads it resumably, while the customer crops the first one.
 *
 * Figures (docs/photos.md, "Fast on a bad line"):
 * - `pick_to_uploaded_ms` against the floor, the prepared bytes over the uplink (what no schedule can beat): goal
 *   ≤ 1.3x. The end is read from the app's own state (every card says 'Terunggah').
 * - the bytes sent against the originals: goal ≤ 0.2. The tus PATCH bodies are counted in the page as XMLHttpRequest
 *   sends them (DevTools does not report the size of a Blob body) and must add up to the sizes the POSTs announced.
 * - long tasks (PerformanceObserver 'longtask') over 200 ms while the photos prepare and upload: goal 0. Counted apart
 *   while photos are still being prepared ('Menyiapkan N foto…' shows) and after, when only the crop editor moves and
 *   the uploads run, so a long task is put down to the preparing or to the editor.
 *
 * The mix: 18 JPEGs of 12 megapixels made like a phone's (tests/helpers/photo-files.ts), each a little different so the
 * server keeps 18 photos, and 2 HEICs of 1200 x 900 made by Debian's heif-enc, like the photo tests' fixture. The smoke
 * run: 2 small JPEGs and a small HEIC, no throttle.
 * Run: npx tsx tests/bench/bad-line.bench.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RESUMABLE_UPLOAD_PATH } from '../../src/domain/photos';
import sharp from 'sharp';
import { photoLike } from '../helpers/photo-files';
import { TEST_PASSWORD } from '../helpers/server';
import { launchBrowser, signUpInForm, startApp, uniqueEmail } from '../e2e/harness';
import { SMOKE, sized, stage } from './smoke';

const GOALS = { floor: 1.3, bytes: 0.2, longTaskMs: 200 };
const UPLINK_BYTES_PER_S = 93_750; // 750 kbps
const LATENCY_MS = 150;
const CPU_SLOWDOWN = sized(4, 1);
const [JPEGS, HEICS] = sized([18, 2], [2, 1]);
const [WIDTH, HEIGHT] = sized([4000, 3000], [800, 600]);
/**
 * The HEIC as the photo tests make it (tests/helpers/photo-files.ts): heif-enc takes minutes for 12 megapixels here.
 * The smoke run's are smaller, so making them is not most of its time on a busy machine.
 */
const [HEIC_WIDTH, HEIC_HEIGHT] = sized([1200, 900], [480, 360]);

const dir = mkdtempSync(path.join(os.tmpdir(), 'jepret-bench-bad-line-'));
const files: string[] = [];
// One photo-like picture, then each JPEG with a block of it changed: different bytes and pixels for each (the server
// would keep one photo for equal ones), in a second each rather than half a minute.
const { data: pixels, info } = await (await photoLike(WIDTH, HEIGHT, 1)).raw().toBuffer({ resolveWithObject: true });
for (let i = 0; i < JPEGS; i++) {
  for (let y = 0; y < 32; y++) pixels.fill(i * 13, ((100 + y) * info.width + 100 + i * 40) * info.channels, ((100 + y) * info.width + 132 + i * 40) * info.channels);
  const file = path.join(dir, `foto-${i + 1}.jpg`);
  await sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } }).jpeg({ quality: 92 }).toFile(file);
  files.push(file);
}
for (let i = 0; i < HEICS; i++) {
  const png = path.join(dir, `heic-${i + 1}.png`);
  await (await photoLike(HEIC_WIDTH, HEIC_HEIGHT, 100 + i)).png().toFile(png);
  const file = path.join(dir, `iphone-${i + 1}.HEIC`);
  execFileSync('/usr/bin/heif-enc', ['-q', '60', '-o', file, png]);
  // Between the JPEGs, as a camera roll mixes them.
  files.splice(Math.round(((i + 1) * files.length) / (HEICS + 1)), 0, file);
}
stage(`${files.length} photos made`);
const original = files.reduce((sum, f) => sum + statSync(f).size, 0);

const app = await startApp();
const browser = await launchBrowser();
stage('app and Chromium started');
try {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  // What went wrong in the page is printed with the bench's own output (the smoke run's failure shows its tail).
  page.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
  page.on('console', (m) => m.type() === 'error' && console.error(`[page console] ${m.text().slice(0, 2000)}`));
  await signUpInForm(page, app.url, uniqueEmail('bench'), TEST_PASSWORD);
  stage('signed up');
  await page.goto(`${app.url}/products`);
  await page.locator('article.product-card').first().getByRole('button', { name: 'Beli' }).click();
  // heic-to loads when the first HEIC is picked: fetched over the generous downlink, as on a phone that never had it.
  const announced: number[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === RESUMABLE_UPLOAD_PATH) announced.push(Number(req.headers()['upload-length']));
  });
  await page.evaluate(() => {
    const w = window as unknown as { patchBytes: number[]; longTasks: Array<[number, number]> };
    w.patchBytes = [];
    w.longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push([e.startTime, e.duration]))).observe({ type: 'longtask' });
    const methods = new WeakMap<XMLHttpRequest, string>();
    const { open, send } = XMLHttpRequest.prototype;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, ...rest: [string | URL, boolean, string?, string?]) {
      methods.set(this, method.toUpperCase());
      return open.call(this, method, ...rest);
    } as typeof open;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      if (methods.get(this) === 'PATCH') w.patchBytes.push(body instanceof Blob ? body.size : body instanceof ArrayBuffer || ArrayBuffer.isView(body) ? body.byteLength : 0);
      return send.call(this, body);
    };
  });
  const cdp = await context.newCDPSession(page);
  // A phone's every core is slow, not only the page's main thread: the photo workers (the app's and heic-to's) are
  // slowed down the same, each as it starts. What each answered is printed (`workers_slowed`).
  const workersSlowed: string[] = [];
  if (!SMOKE) {
    cdp.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => {
      if (targetInfo.type !== 'worker') return;
      const message = JSON.stringify({ id: 1, method: 'Emulation.setCPUThrottlingRate', params: { rate: CPU_SLOWDOWN } });
      void cdp.send('Target.sendMessageToTarget', { sessionId, message }).catch((err: Error) => workersSlowed.push(`failed(${err.message})`));
    });
    cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
      const reply = JSON.parse(message) as { id?: number; error?: { message: string } };
      if (reply.id === 1) workersSlowed.push(reply.error ? `refused(${reply.error.message})` : 'yes');
    });
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      uploadThroughput: UPLINK_BYTES_PER_S,
      downloadThroughput: 10 * 1024 * 1024,
    });
  }

  const started = Date.now();
  // When the last photo is prepared, on the page's clock (the picker's 'Menyiapkan N foto…' seen, then gone): long
  // tasks before it count as the preparing's.
  const pageStart = await page.evaluate(() => {
    const w = window as unknown as { preparedAt?: number };
    let seen = false;
    const watch = setInterval(() => {
      const preparing = /Menyiapkan \d+ foto/.test(document.querySelector('dialog.wizard')?.textContent ?? '');
      seen ||= preparing;
      if (seen && !preparing) {
        w.preparedAt = performance.now();
        clearInterval(watch);
      }
    }, 50);
    return performance.now();
  });
  await page.locator('dialog.wizard input[type=file]').setInputFiles(files);
  stage('photos picked');
  // The customer crops the first photo as soon as it shows, and keeps moving it while the rest prepare and upload.
  await page.getByRole('button', { name: 'Atur potongan dan caption foto 1' }).click({ timeout: sized(600_000, 60_000) });
  stage('the first photo shows');
  const cropper = page.getByRole('group', { name: 'Foto 1' });
  let cropping = true;
  const crops = (async () => {
    for (let i = 0; cropping; i++) {
      // Never waits long on a key: a press that waited for good would keep the bench from ending after the uploads.
      await cropper.press(i % 2 ? 'ArrowLeft' : 'ArrowRight', { timeout: 5_000 }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  await page
    .waitForFunction((n) => document.querySelectorAll('.upload-state.upload-done').length >= n, files.length, { polling: 250, timeout: sized(1_200_000, 100_000) })
    .catch(async (err: Error) => {
      // What each card said when the wait gave up: a failed upload, one still waiting, or one never prepared.
      const states = await page
        .locator('.upload-state')
        .allTextContents()
        .catch((e: Error) => [`unread: ${e.message.split('\n')[0]}`]);
      const shown = await page
        .locator('body')
        .innerText()
        .catch((e: Error) => `unread: ${e.message.split('\n')[0]}`);
      throw new Error(`not all ${files.length} photos uploaded at ${page.url()}: ${JSON.stringify(states)} (${err.message.split('\n')[0]}); the page shows: ${shown.slice(0, 1500)}`);
    });
  const elapsed = Date.now() - started;
  stage('all uploaded');
  cropping = false;
  await crops;
  const { patchBytes, longTasks, preparedAt } = await page.evaluate(() => {
    const w = window as unknown as { patchBytes: number[]; longTasks: Array<[number, number]>; preparedAt?: number };
    return { patchBytes: w.patchBytes, longTasks: w.longTasks, preparedAt: w.preparedAt ?? performance.now() };
  });
  const sent = patchBytes.reduce((sum, n) => sum + n, 0);
  const declared = announced.reduce((sum, n) => sum + n, 0);
  if (announced.length !== files.length || !(sent > 0) || sent !== declared) {
    throw new Error(`the uploads were not counted: ${announced.length} POSTs announcing ${declared} B, PATCH bodies ${sent} B`);
  }
  const floorMs = (sent / UPLINK_BYTES_PER_S) * 1000;
  const long = longTasks.filter(([, ms]) => ms > GOALS.longTaskMs);
  const whilePreparing = long.filter(([at]) => at < preparedAt);
  const longest = (tasks: Array<[number, number]>) => Math.round(Math.max(0, ...tasks.map(([, ms]) => ms)));
  const mix = `${JPEGS}jpeg_${HEICS}heic_${Number(((WIDTH * HEIGHT) / 1e6).toPrecision(2))}mp`;
  console.log(
    `bad-line.${mix} cpu=${CPU_SLOWDOWN}x uplink_kbps=${SMOKE ? 'none' : (UPLINK_BYTES_PER_S * 8) / 1000} latency_ms=${SMOKE ? 0 : LATENCY_MS} ` +
      `pick_to_uploaded_ms=${elapsed} floor_ms=${floorMs.toFixed(0)} ratio=${(elapsed / floorMs).toFixed(2)} (goal ≤ ${GOALS.floor})`,
  );
  console.log(
    `bad-line.bytes original_kb=${(original / 1024).toFixed(0)} sent_kb=${(sent / 1024).toFixed(0)} ratio=${(sent / original).toFixed(3)} (goal ≤ ${GOALS.bytes}) ` +
      `photos=${files.length} patches=${patchBytes.length}`,
  );
  console.log(
    `bad-line.long_tasks over_${GOALS.longTaskMs}ms=${long.length} (goal 0) longest_ms=${longest(longTasks)} all_over_50ms=${longTasks.length} ` +
      `while_preparing=${whilePreparing.length} (longest ${longest(whilePreparing)} ms, prepared in ${((preparedAt - pageStart) / 1000).toFixed(1)} s) ` +
      `after=${long.length - whilePreparing.length} (longest ${longest(long.filter(([at]) => at >= preparedAt))} ms) ` +
      `workers_slowed=${workersSlowed.join(',') || 'none'}`,
  );
} finally {
  await browser.close();
  await app.cleanup();
  rmSync(dir, { recursive: true, force: true });
}
