import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { I18nProvider } from "../lib/i18n/I18nProvider.tsx";

/** A public page at `path`, matched by `route`, with the texts' provider: what the server renders and hydration takes. */
export const routedPage = (path: string, route: string, element: ReactElement) => (
  <MemoryRouter initialEntries={[path]}>
    <I18nProvider area="public">
      <Routes>
        <Route path={route} element={element} />
      </Routes>
    </I18nProvider>
  </MemoryRouter>
);

/** A catalog the page fetches (`/i18n/…`), answered from the source tree. */
export function catalogFromSource(path: string): Response {
  const file = resolve(import.meta.dirname, "../..", path.replace(/^\//, "").split("?")[0]!);
  return new Response(readFileSync(file, "utf8"), { headers: { "Content-Type": "application/json" } });
}
