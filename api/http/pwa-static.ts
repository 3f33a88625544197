import { Hono, type MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { existsSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import type { AppEnv } from "./env.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
// The app shell and the service worker must be revalidated, or a deploy would not reach installed PWAs.
const ALWAYS_REVALIDATE = new Set(["index.html", "shell.html", "sw.js", "manifest.webmanifest", "registerSW.js"]);

function cacheControlFor(path: string): string {
  if (/[\\/]assets[\\/]/.test(path)) return IMMUTABLE;
  if (ALWAYS_REVALIDATE.has(basename(path))) return "no-cache";
  return "public, max-age=3600";
}

// No inline style or script: the Content-Security-Policy (security-headers.ts) allows neither.
const PLACEHOLDER = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Site not built yet</title></head>
<body>
<h1>The PWA is not built yet</h1>
<p>The API is running under <a href="/api/services">/api</a>. Run <code>npm run build</code> to build the site.</p>
</body>
</html>`;

/**
 * Serves the built PWA: real files as they are (a public page is its directory's index.html, rendered at build
 * time), any other GET the empty app shell, shell.html, whose router renders the screen (client-side routes).
 * Not index.html: that is the home page. Before the PWA is built, every page is a short placeholder.
 */
export function pwaRoutes(distDir: string) {
  const app = new Hono<AppEnv>();
  const root = resolve(distDir);
  if (!existsSync(join(root, "index.html"))) {
    app.get("*", (c) => c.html(PLACEHOLDER, 200, { "Cache-Control": "no-cache" }));
    return app;
  }
  app.get("*", withCacheControl(root));
  // A missing hashed chunk must fail as such, not come back as HTML the browser tries to run.
  app.get("/assets/*", (c) => c.text("Not found", 404));
  // A dist without shell.html (built before it existed, or a test's) has the shell in index.html.
  const shell = existsSync(join(root, "shell.html")) ? "shell.html" : "index.html";
  app.get("*", withCacheControl(root, shell));
  return app;
}

/** serveStatic, plus the Cache-Control fitting the file it served (its onFound runs too late to set headers). */
function withCacheControl(root: string, path?: string): MiddlewareHandler<AppEnv> {
  const served = new WeakMap<object, string>();
  const serve = serveStatic<AppEnv>({
    root,
    path,
    onFound: (file, c) => {
      served.set(c, file);
    },
  });
  return async (c, next) => {
    const res = await serve(c, next);
    const file = served.get(c);
    if (res && file) res.headers.set("Cache-Control", cacheControlFor(file));
    return res;
  };
}
