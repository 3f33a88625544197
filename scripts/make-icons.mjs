// Renders the PWA icons (pwa/public/icons/*.svg) to the PNG sizes the manifest and iOS ask for, with the
// system Chromium through playwright-core. Run after changing an SVG: `node scripts/make-icons.mjs`.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const publicDir = fileURLToPath(new URL("../pwa/public/", import.meta.url));

/** source SVG, output path, edge in px; transparent keeps the rounded corners of the "any" icon see-through. */
const outputs = [
  { svg: "icons/icon.svg", png: "icons/icon-192.png", size: 192, transparent: true },
  { svg: "icons/icon.svg", png: "icons/icon-512.png", size: 512, transparent: true },
  { svg: "icons/icon-maskable.svg", png: "icons/icon-maskable-512.png", size: 512, transparent: false },
  // iOS fills transparent pixels with black and rounds the corners itself, so it gets the full-bleed art.
  { svg: "icons/icon-maskable.svg", png: "apple-touch-icon.png", size: 180, transparent: false },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { svg, png, size, transparent } of outputs) {
    const source = await readFile(publicDir + svg, "utf8");
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${source}`,
    );
    await page.screenshot({
      path: publicDir + png,
      omitBackground: transparent,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    console.log(`${png} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
