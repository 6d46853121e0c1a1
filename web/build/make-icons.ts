// Renders the PWA icons from public/favicon.svg with Debian's Chromium: `pnpm exec tsx build/make-icons.ts`.
import { readFileSync, mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const favicon = readFileSync('public/favicon.svg', 'utf8');
// Maskable: full-bleed background, the house kept inside the central safe zone (80 % circle).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1d4e89"/><g transform="translate(8 5.75) scale(0.75)"><path d="M14 34 32 18l18 16v16a2 2 0 0 1-2 2H38V40H26v12H16a2 2 0 0 1-2-2z" fill="#fff"/></g></svg>`;

const targets = [
  { file: 'public/icons/icon-192.png', size: 192, svg: favicon },
  { file: 'public/icons/icon-512.png', size: 512, svg: favicon },
  { file: 'public/icons/maskable-512.png', size: 512, svg: maskable },
  { file: 'public/icons/apple-touch-icon.png', size: 180, svg: maskable },
];

mkdirSync('public/icons', { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless'],
});
const page = await browser.newPage();
for (const { file, size, svg } of targets) {
  await page.setViewportSize({ width: size, height: size });
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
  await page.screenshot({
    path: file,
    omitBackground: true,
    clip: { x: 0, y: 0, width: size, height: size },
  });
}
await browser.close();
