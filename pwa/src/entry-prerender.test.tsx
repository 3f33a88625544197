import { describe, expect, it } from "vitest";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import { fillProfileTemplate } from "@contracts/settings/profile-template.ts";
import { PUBLIC_PAGES } from "./app/publicPages.ts";
import { renderPage } from "./entry-prerender.tsx";
import { defaultProfileTraces, OTHER_PROFILE } from "./test/profiles.ts";

const PRERENDERED = PUBLIC_PAGES.filter((page) => page.prerender !== false).map((page) => page.path);

describe("pages rendered at build time", () => {
  // The server serves the build's page with its marks filled (api/http/pwa-static.ts); the browser hydrates it with
  // the same profile. Any text the fill misses or gets wrong would show here as a difference.
  it.each(PRERENDERED)("%s, filled with a profile, is the page rendered with that profile", async (path) => {
    const built = await renderPage(path);
    for (const profile of [OTHER_PROFILE, DEFAULT_PROFILE]) {
      const direct = await renderPage(path, profile);
      expect(fillProfileTemplate(built.root, profile)).toBe(direct.root);
      expect(fillProfileTemplate(built.head, profile)).toBe(direct.head);
    }
    expect(defaultProfileTraces(built.root + built.head)).toEqual([]);
  });
});
