import { Hono, type MiddlewareHandler } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import type { BusinessProfile } from "../contracts/settings/profile.ts";
import { fillProfileTemplate, profileDataBlock } from "../contracts/settings/profile-template.ts";
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

/** The current business profile; read on each request, so a changed profile reaches the next page served. */
export type ProfileSource = () => BusinessProfile;

/**
 * Serves the built PWA: real files as they are (a public page is its directory's index.html, rendered at build
 * time), any other GET the empty app shell, shell.html, whose router renders the screen (client-side routes).
 * Not index.html: that is the home page. Before the PWA is built, every page is a short placeholder.
 * Every HTML page and the web app manifest carry the business profile of `profile()` (see withProfile).
 */
export function pwaRoutes(distDir: string, profile: ProfileSource) {
  const app = new Hono<AppEnv>();
  const root = resolve(distDir);
  if (!existsSync(join(root, "index.html"))) {
    app.get("*", (c) => c.html(PLACEHOLDER, 200, { "Cache-Control": "no-cache" }));
    return app;
  }
  const filled = profileFiller(profile);
  // The server's own files (the document pages' renderer and templates, api/http/document-pages.ts): not the web's.
  app.get("/server/*", (c) => c.text("Not found", 404));
  app.get("/documents/*", (c) => c.text("Not found", 404));
  app.get("*", withHeadersAndProfile(root, filled));
  // A missing hashed chunk must fail as such, not come back as HTML the browser tries to run.
  app.get("/assets/*", (c) => c.text("Not found", 404));
  // A dist without shell.html (built before it existed, or a test's) has the shell in index.html.
  const shell = existsSync(join(root, "shell.html")) ? "shell.html" : "index.html";
  app.get("*", withHeadersAndProfile(root, filled, shell));
  return app;
}

/** Files that name the business: built with marks or the default profile, served with the current one. */
const isProfileFile = (path: string) => path.endsWith(".html") || basename(path) === "manifest.webmanifest";

/**
 * A page as served: the build's marks (api/contracts/settings/profile-template.ts) filled with the profile, and the profile
 * as JSON in the head, so the PWA's first render matches the HTML without waiting for GET /api/profile. The
 * manifest gets the profile's name and short name (what an installed app is called).
 */
function withProfile(path: string, built: string, profile: BusinessProfile): string {
  if (!path.endsWith(".html")) {
    return JSON.stringify({ ...JSON.parse(built), name: profile.name, short_name: profile.shortName });
  }
  return fillProfileTemplate(built, profile).replace("</head>", () => `${profileDataBlock(profile)}</head>`);
}

/**
 * Each file is filled once per profile and kept: the cache starts over when `profile()` returns another profile,
 * and a file replaced on disk (same path, other size or time) is read again.
 */
export function profileFiller(profile: ProfileSource) {
  let filledFor: BusinessProfile | undefined;
  const cache = new Map<string, { version: string; text: Promise<string> }>();
  return async (path: string): Promise<string> => {
    const current = profile();
    if (current !== filledFor) {
      cache.clear();
      filledFor = current;
    }
    const { mtimeMs, size } = await stat(path);
    const version = `${mtimeMs}:${size}`;
    let entry = cache.get(path);
    if (entry?.version !== version) {
      const text = readFile(path, "utf8").then((built) => withProfile(path, built, current));
      entry = { version, text };
      cache.set(path, entry);
      text.catch(() => cache.delete(path));
    }
    return await entry.text;
  };
}

/**
 * serveStatic, plus the Cache-Control fitting the file it served (its onFound runs too late to set headers), and for
 * a file that names the business, its content with the current profile instead of the file's own.
 */
function withHeadersAndProfile(
  root: string,
  filled: (path: string) => Promise<string>,
  path?: string,
): MiddlewareHandler<AppEnv> {
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
    if (!res || !file) return res;
    res.headers.set("Cache-Control", cacheControlFor(file));
    if (!isProfileFile(file)) return res;
    await res.body?.cancel();
    const headers = new Headers(res.headers);
    // Another length than the file's; Range is not offered for a page that is computed.
    for (const name of ["Content-Length", "Content-Range", "Accept-Ranges"]) headers.delete(name);
    const body = await filled(file);
    return new Response(c.req.method === "HEAD" ? null : body, { status: 200, headers });
  };
}
