import { Hono } from "hono";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { DOCUMENT_PAGES, type PageData, pageDataBlock } from "../contracts/common/page-data.ts";
import type { BusinessProfile } from "../contracts/settings/profile.ts";
import type { Logger } from "../platform/log.ts";
import type { AppEnv } from "./env.ts";
import { profileFiller, type ProfileSource } from "./pwa-static.ts";

/** server/render.js of the build (pwa/src/entry-prerender.tsx): the page's markup, with the data it reads. */
export interface PageRenderer {
  renderPage(path: string, profile: BusinessProfile, data: PageData): Promise<{ head: string; root: string }>;
}

export interface DocumentPagesDeps {
  distDir: string;
  profile: ProfileSource;
  /** An API read made in this process, as the page's script would make it (public: the link's token is the key). */
  read: (path: string) => Promise<Response>;
  log: Logger;
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The pages a customer opens from an e-mail (an estimate, an invoice), rendered with their document on the server, so
 * that a phone on a slow network paints the document before any script has run; the script then takes the page over
 * as it is (hydration) with the same data, sent with it. Anything else (no build, a token the API does not know, a
 * renderer that fails) goes on to the app shell, whose script reads and shows the page as before.
 */
export function documentPages({ distDir, profile, read, log }: DocumentPagesDeps) {
  const app = new Hono<AppEnv>();
  const root = resolve(distDir);
  const rendererFile = join(root, "server", "render.js");
  if (!existsSync(rendererFile)) return app;
  const filled = profileFiller(profile);
  let renderer: Promise<PageRenderer> | null = null;
  const loadRenderer = () =>
    (renderer ??= import(pathToFileURL(rendererFile).href).catch((error: unknown) => {
      renderer = null;
      throw error;
    }) as Promise<PageRenderer>);

  for (const page of DOCUMENT_PAGES) {
    app.get(page.route, async (c, next) => {
      // With its query: back from Checkout, the invoice page says it is confirming the payment (`?paid=1`).
      const { pathname, search } = new URL(c.req.url);
      const path = pathname + search;
      const viewPath = page.view(c.req.param("token") ?? "");
      try {
        const answer = await read(viewPath);
        if (answer.status !== 200) {
          await answer.body?.cancel();
          return await next();
        }
        const { data } = (await answer.json()) as { data: unknown };
        // The template with the profile, filled once per profile and kept (as every page of the build is): its
        // marks filled before the document goes in, so the document's own text (a customer's name) is never one.
        const [template, render] = await Promise.all([
          filled(join(root, "documents", `${page.template}.html`)),
          loadRenderer(),
        ]);
        const pageData = { [viewPath]: data };
        const { head, root: markup } = await render.renderPage(path, profile(), pageData);
        const html = template
          .replace("</head>", () => `  ${head}\n  </head>`)
          .replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>${pageDataBlock(pageData)}`);
        // The link's token is the customer's key: neither a shared cache nor the browser's keeps the page.
        return c.html(html, 200, { "Cache-Control": "private, no-store" });
      } catch (error) {
        log.error({ msg: "document page not rendered", page: page.template, error: String(error) });
        return await next();
      }
    });
  }
  return app;
}
