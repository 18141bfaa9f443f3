/**
 * The PWA's PNG icons, made from one SVG by @vite-pwa/assets-generator (`npm run icons`; the PNGs are committed,
 * so a build needs no image work): the manifest's 192 and 512 icons, the maskable 512 (the logo shrunk into the
 * safe zone on the brand colour) and the 180 px apple-touch-icon.
 */
import { defineConfig, type AssetType } from '@vite-pwa/assets-generator/config';

const BRAND = '#b5452a';
const NAMES: Record<AssetType, (size: number) => string> = {
  transparent: (size) => `icon-${size}.png`,
  maskable: () => 'maskable-512.png',
  apple: () => 'apple-touch-icon.png',
};

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    transparent: { sizes: [192, 512], padding: 0 },
    maskable: { sizes: [512], padding: 0.25, resizeOptions: { background: BRAND } },
    apple: { sizes: [180], padding: 0.1, resizeOptions: { background: BRAND } },
    png: { compressionLevel: 9, quality: 80 },
    assetName: (type, size) => NAMES[type](size.width),
  },
  images: ['public/icons/app-icon.svg'],
});
