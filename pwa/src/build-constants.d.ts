/** The year the PWA was built (`define` in vite.config.ts): what the prerendered pages' footers say. */
declare const __BUILD_YEAR__: number;
