// Build time only (`clearflow:route-preloads` in vite.config.ts loads it): renders a public page the way the
// browser's first render does, to be written into the page's HTML and hydrated by main.tsx.
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { PROFILE_TEMPLATE } from "@contracts/settings/profile-template.ts";
import { App } from "./app/App.tsx";

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
 * The build renders with the profile template, whose marks the server fills with the profile it runs with.
 */
export async function renderPage(path: string, profile: BusinessProfile = PROFILE_TEMPLATE): Promise<PrerenderedPage> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <App profile={profile} />
      </StaticRouter>
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
