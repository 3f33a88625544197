import { Hono } from "hono";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  CUSTOMER_LANG_ATTRIBUTE,
  estimateViewPath,
  invoiceViewPath,
  type PageData,
  pageDataBlock,
} from "../contracts/common/page-data.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../contracts/i18n/locales.ts";
import { PORTAL_HOME_PATHS, PORTAL_SESSION_PATH, portalVisitPath } from "../contracts/portal/portal.ts";
import type { BusinessProfile } from "../contracts/settings/profile.ts";
import type { Logger } from "../platform/log.ts";
import type { AppEnv } from "./env.ts";
import { profileFiller, type ProfileSource } from "./pwa-static.ts";

/** server/render.js of the build (pwa/src/entry-prerender.tsx): the page's markup, with the data it reads. */
export interface PageRenderer {
  renderPage(
    path: string,
    profile: BusinessProfile,
    data: PageData,
    locale: Locale,
  ): Promise<{ head: string; root: string }>;
}

export interface DocumentPagesDeps {
  distDir: string;
  profile: ProfileSource;
  /**
   * An API read made in this process, as the page's script would make it: public (the link's token is the key), or
   * with the request's cookie (`cookie`), as the customer's own page reads.
   */
  read: (path: string, cookie?: string) => Promise<Response>;
  log: Logger;
}

const EMPTY_ROOT = '<div id="root"></div>';
const HTML_TAG = /<html\b[^>]*>/;

/**
 * A page a customer opens from an e-mail that the server renders with what it shows: its address (its parameters: a
 * link's secret, a visit's id), the build's template for it (DOCUMENT_PAGE_MODULES in pwa/src/app/publicPages.ts),
 * and its API reads. `session`: the reads are the signed-in customer's, made with the cookie of the request (the
 * customer's own page); without it they are public, the link's token being the key. `language`: the read whose
 * answer carries the customer's language (`locale`), which the page is written in.
 */
interface DocumentPage {
  route: string;
  template: string;
  views: (params: Record<string, string>) => string[];
  language: (params: Record<string, string>) => string;
  session?: true;
}

const DOCUMENT_PAGES: readonly DocumentPage[] = [
  {
    route: "/estimates/:token",
    template: "estimate",
    views: ({ token = "" }) => [estimateViewPath(token)],
    language: ({ token = "" }) => estimateViewPath(token),
  },
  {
    route: "/invoices/:token",
    template: "invoice",
    views: ({ token = "" }) => [invoiceViewPath(token)],
    language: ({ token = "" }) => invoiceViewPath(token),
  },
  {
    route: "/portal",
    template: "portal",
    views: () => [PORTAL_SESSION_PATH, ...Object.values(PORTAL_HOME_PATHS)],
    language: () => PORTAL_HOME_PATHS.language,
    session: true,
  },
  {
    route: "/portal/visits/:id",
    template: "portal-visit",
    views: ({ id = "" }) => [PORTAL_SESSION_PATH, PORTAL_HOME_PATHS.language, portalVisitPath(id)],
    language: () => PORTAL_HOME_PATHS.language,
    session: true,
  },
];

const localeOf = (answer: unknown): Locale => {
  const locale = (answer as { locale?: unknown } | undefined)?.locale;
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
};

/**
 * The pages a customer opens from an e-mail (an estimate, an invoice, their own page and a visit on it), rendered
 * with what they show on the server, so that a phone on a slow network paints it before any script has run; the
 * script then takes the page over as it is (hydration) with the same data, sent with it. Anything else (no build, a
 * token the API does not know, no session, a renderer that fails) goes on to the app shell, whose script reads and
 * shows the page as before (the sign-in form, for a customer who is not signed in).
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
      const cookie = page.session ? c.req.header("Cookie") : undefined;
      if (page.session && !cookie) return await next();
      try {
        const views = page.views(c.req.param());
        const answers = await Promise.all(views.map((view) => read(view, cookie)));
        if (answers.some((answer) => answer.status !== 200)) {
          await Promise.all(answers.map((answer) => answer.body?.cancel()));
          return await next();
        }
        const pageData: PageData = {};
        for (const [i, answer] of answers.entries()) {
          pageData[views[i]!] = ((await answer.json()) as { data: unknown }).data;
        }
        // The template with the profile, filled once per profile and kept (as every page of the build is): its
        // marks filled before the document goes in, so the document's own text (a customer's name) is never one.
        const [template, render] = await Promise.all([
          filled(join(root, "documents", `${page.template}.html`)),
          loadRenderer(),
        ]);
        const locale = localeOf(pageData[page.language(c.req.param())]);
        const { head, root: markup } = await render.renderPage(path, profile(), pageData, locale);
        // The customer's language, which the page's script takes over the page in (it hydrates in it).
        const html = template
          .replace(HTML_TAG, () => `<html lang="${locale}" ${CUSTOMER_LANG_ATTRIBUTE}>`)
          .replace("</head>", () => `  ${head}\n  </head>`)
          .replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>${pageDataBlock(pageData)}`);
        // The link's token, or the session, is the customer's key: neither a shared cache nor the browser's keeps it.
        return c.html(html, 200, { "Cache-Control": "private, no-store" });
      } catch (error) {
        log.error({ msg: "document page not rendered", page: page.template, error: String(error) });
        return await next();
      }
    });
  }
  return app;
}
