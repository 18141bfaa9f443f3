/**
 * Real image files for the photo tests, made at test time: a 12-megapixel JPEG that looks like a photo (noise
 * and gradients, so it does not compress to nothing) with EXIF GPS and orientation, a PNG, a real HEIC made
 * by Debian's `heif-enc` (libheif-examples), a text file named .jpg and a GIF.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

/** A photo-like image: smooth colour gradients with fine noise, as a phone camera makes them. */
export async function photoLike(width: number, height: number, seed = 1): Promise<Sharp> {
  const small = Buffer.alloc((width >> 3) * (height >> 3) * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < small.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    small[i] = (i % 3 === 0 ? (i / small.length) * 255 : i % 3 === 1 ? 128 : 200) * 0.6 + ((x >>> 16) % 100);
  }
  const base = sharp(small, { raw: { width: width >> 3, height: height >> 3, channels: 3 } }).resize(width, height, { kernel: 'cubic' });
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 18 } } })
    .png()
    .toBuffer();
  return sharp(await base.png().toBuffer()).composite([{ input: noise, blend: 'overlay' }]);
}

export interface PhotoFiles {
  dir: string;
  /** 4000 x 3000 JPEG with GPS EXIF, as a phone's camera writes it. */
  jpeg12mp: string;
  jpegSmall: string;
  png: string;
  heic: string;
  textAsJpg: string;
  gif: string;
}

export async function makePhotoFiles(): Promise<PhotoFiles> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jepret-photos-'));
  const at = (name: string) => path.join(dir, name);
  const gps = { IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '110/1 25/1 0/1' } };
  await (await photoLike(4000, 3000, 1)).jpeg({ quality: 92 }).withExif({ IFD0: { Make: 'JepretCam', Orientation: '1' }, ...gps }).toFile(at('liburan.jpg'));
  await (await photoLike(1800, 1350, 2)).jpeg({ quality: 90 }).toFile(at('teman.JPEG'));
  await (await photoLike(1600, 1200, 3)).png().toFile(at('wisuda.png'));
  await (await photoLike(1200, 900, 4)).png().toFile(at('heic-source.png'));
  if (!existsSync('/usr/bin/heif-enc')) throw new Error('heif-enc missing: apt-get install libheif-examples');
  execFileSync('/usr/bin/heif-enc', ['-q', '60', '-o', at('iphone.HEIC'), at('heic-source.png')]);
  writeFileSync(at('catatan.jpg'), 'ini bukan foto, hanya teks\n');
  await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c00' } }).gif().toFile(at('animasi.gif'));
  return {
    dir,
    jpeg12mp: at('liburan.jpg'),
    jpegSmall: at('teman.JPEG'),
    png: at('wisuda.png'),
    heic: at('iphone.HEIC'),
    textAsJpg: at('catatan.jpg'),
    gif: at('animasi.gif'),
  };
}
