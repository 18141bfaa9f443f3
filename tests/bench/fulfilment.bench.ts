/**
 * Fulfilment against its anchors (issue 10):
 * - the print sheet of a 50-photo order (GET /api/orders/:id/print.pdf, over HTTP) against sharp alone cropping
 *   and resizing the same 50 stored photos to the print size (goal ≤ 1.5×);
 * - the server's peak live memory (heap + buffers) while streaming the photo bundle of a 200-photo order, against a 50-photo one
 *   (goal: flat, the growth well under the extra photos' bytes).
 * Photos are 1600 x 1200 JPEGs, what the PWA uploads. Run: npx tsx tests/bench/fulfilment.bench.ts
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { photoFile } from '../../sync-server/uploads/paths';
import { cropRegion, PRINT_IMAGE_PX } from '../../sync-server/fulfilment/print-image';
import { HttpClient, pushNew, signInAdmin, signUp, startTestServer, uploadPhoto } from '../helpers/server';
import { transactionDoc } from '../server/fixtures';

const PRINT_GOAL = 1.5;
const ROUNDS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A photo-like JPEG: smooth colour with noise, so it compresses like a real one. */
async function photo(seed: number): Promise<Buffer> {
  const noise = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } }).blur(2).png().toBuffer();
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: 140 } } })
    .composite([{ input: await sharp(noise).resize(1600, 1200).png().toBuffer(), blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

const server = await startTestServer();
try {
  const admin = new HttpClient(server.url);
  await signInAdmin(admin);
  const customer = new HttpClient(server.url);
  const uid = (await signUp(customer)).uid;
  const urls: string[] = [];
  for (let i = 0; i < 200; i++) urls.push(await uploadPhoto(customer, await photo(i)));
  const crop = { x: 20, y: 0, width: 60, height: 100 };
  const orderOf = async (n: number) => {
    // Lines of up to 50 photos (a line's quantity is capped), as a customer's cart of several prints would be.
    const lines = [];
    for (let from = 0; from < n; from += 50) {
      const photos = urls.slice(from, Math.min(n, from + 50)).map((url, i) => ({ url, caption: `Foto ${from + i + 1}`, crop }));
      lines.push({ produkID: '1', name: 'Cetak foto', qty: photos.length, img: [], photos, packaging: 'map|2000', weight: 0, price: 0 });
    }
    const doc = transactionDoc(uid, { produkID: '1', items: lines, img: [] });
    const res = await pushNew(customer, 'transactions', [doc]);
    if (res.body.refused?.length) throw new Error(`order of ${n} photos refused: ${JSON.stringify(res.body.refused)}`);
    return doc.id;
  };
  const order50 = await orderOf(50);
  const order200 = await orderOf(200);

  // Print sheet vs sharp alone.
  const printMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    const res = await admin.fetch(`/api/orders/${order50}/print.pdf`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`print.pdf: ${res.status}`);
    printMs.push(performance.now() - t);
  }
  const sharpMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    await Promise.all(
      urls.slice(0, 50).map(async (url) => {
        const file = photoFile(server.config, url)!;
        const { width = 1, height = 1 } = await sharp(file).metadata();
        return sharp(file).extract(cropRegion(width, height, crop)).resize(PRINT_IMAGE_PX.width, PRINT_IMAGE_PX.height, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer();
      }),
    );
    sharpMs.push(performance.now() - t);
  }
  const ratio = median(printMs) / median(sharpMs);
  console.log(`fulfilment.print50 pdf_ms=${median(printMs).toFixed(0)} sharp_alone_ms=${median(sharpMs).toFixed(0)} ratio=${ratio.toFixed(2)} (goal ≤ ${PRINT_GOAL})`);

  // Zip peak memory (this process serves it): 50 vs 200 photos, the answer read and dropped as it arrives.
  const zipPeak = async (id: string) => {
    // Live memory (heap + buffers), not RSS: the allocator keeps freed chunks mapped, so RSS only ever grows.
    const live = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.external;
    };
    globalThis.gc?.();
    const base = live();
    let peak = base;
    // Garbage not yet collected counts too (collecting at every sample slows the stream tenfold): an upper bound.
    const timer = setInterval(() => (peak = Math.max(peak, live())), 5);
    const res = await admin.fetch(`/api/orders/${id}/photos.zip`);
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
    clearInterval(timer);
    return { growthMb: (peak - base) / 2 ** 20, zipMb: bytes / 2 ** 20 };
  };
  await zipPeak(order50); // warm-up
  const small = await zipPeak(order50);
  const large = await zipPeak(order200);
  console.log(
    `fulfilment.zip live_growth_mb 50=${small.growthMb.toFixed(1)} 200=${large.growthMb.toFixed(1)} ` +
      `zip_mb 50=${small.zipMb.toFixed(1)} 200=${large.zipMb.toFixed(1)} (goal: flat; extra photos' bytes ${(large.zipMb - small.zipMb).toFixed(1)} MB)`,
  );
} finally {
  await server.close();
}
