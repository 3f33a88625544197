// Renders a public page the way the browser's first render does, to be written into the page's HTML and hydrated by
// main.tsx: at build time (`clearflow:route-preloads` in vite.config.ts loads it), and on the server for the pages a
// customer opens from an e-mail, with their document (the build bundles it as server/render.js for the API).
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import type { PageData } from "@contracts/common/page-data.ts";
import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { PROFILE_TEMPLATE } from "@contracts/settings/profile-template.ts";
import type { Locale } from "@contracts/i18n/locales.ts";
import { App } from "./app/App.tsx";
import spanishPublic from "./i18n/es/public.json";
import { keepTranslator, ServedLanguage } from "./lib/i18n/I18nProvider.tsx";
import { intlOf } from "./lib/i18n/intlOf.ts";
import { PageDataProvider } from "./lib/pageData.tsx";

export interface PrerenderedPage {
  /** Resource hints React puts before the page (e.g. the preload of its hero image): they go in the head. */
  head: string;
  /** The markup of `#root`; hydration expects the page's own first element at its start. */
  root: string;
}

const LEADING_HINTS = /^(?:<link\b[^>]*>)+/;

/**
 * Renders the app at `path`. `prerender` waits for the lazy page chunk; data from the API is never there at build
 * time, so data-dependent parts render their loading state, exactly as the client's first render does. Any error
 * fails the build rather than writing a page that the browser would have to throw away and render again.
 * The build renders with the profile template, whose marks the server fills with the profile it runs with. `data`:
 * the API's answers the page reads (its document), rendered at once instead of the loading state; the server then
 * renders with the profile it runs with, since the document's dates are in its time zone. `locale`: the language of
 * the customer the page is for (the build's pages are English); Spanish's catalog is in this bundle, the server's.
 */
export async function renderPage(
  path: string,
  profile: BusinessProfile = PROFILE_TEMPLATE,
  data: PageData = {},
  locale: Locale = "en",
): Promise<PrerenderedPage> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <ServedLanguage.Provider value={locale}>
        <PageDataProvider data={data}>
          <StaticRouter location={path}>
            <App profile={profile} />
          </StaticRouter>
        </PageDataProvider>
      </ServedLanguage.Provider>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Never split a large Suspense boundary out to be revealed by an inline script (the CSP forbids them).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new AggregateError(errors, `prerender ${path} failed`);
  if (/<script|<template|<!--\$[?!]/.test(html))
    throw new Error(`prerender ${path}: a script or an unfinished boundary`);
  const head = LEADING_HINTS.exec(html)?.[0] ?? "";
  return { head, root: html.slice(head.length) };
}

// The Spanish texts of the customer's pages, made once: the same for every page, whichever request renders it.
keepTranslator("es", "public", intlOf("es", spanishPublic as Record<string, string>));
