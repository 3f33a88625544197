import { act, screen } from "@testing-library/react";
import { lazy, Suspense, type ReactNode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ProfileProvider, useProfile } from "../lib/profile.tsx";
import { json, mockFetch } from "../test/fetch.ts";
import { OTHER_PROFILE } from "../test/profiles.ts";
import { mountApp } from "./mountApp.ts";
import { PageHydrated } from "./PageHydrated.tsx";

afterEach(() => vi.unstubAllGlobals());

/** Lets the answer's body be read and the state set: a few turns of the event loop. */
const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

// A prerendered page loads its own chunk after the app's entry (decision 0039): meanwhile the business profile may
// answer, changed since the page was built or cached. Given to the page before it is React's, it would make the page
// hydrate with text that does not match its HTML, and React would render it anew over what a visitor typed.
describe("a profile that changed, answered while a prerendered page's own code is still loading", () => {
  it("reaches the page once it has hydrated, without rendering it anew over what was typed", async () => {
    mockFetch({ "/api/profile": () => json(OTHER_PROFILE) });
    let loadPage!: (module: { default: () => ReactNode }) => void;
    const pageCode = new Promise<{ default: () => ReactNode }>((resolve) => (loadPage = resolve));
    function Page() {
      return (
        <form>
          <input aria-label="First Name" />
          <p data-testid="phone">{useProfile().phone}</p>
        </form>
      );
    }
    const Lazy = lazy(() => pageCode);
    const app = (page: ReactNode) => (
      <ProfileProvider initial={DEFAULT_PROFILE}>
        <Suspense fallback={null}>
          {page}
          <PageHydrated />
        </Suspense>
      </ProfileProvider>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(app(<Page />));
    document.body.append(container);
    const typed = screen.getByLabelText("First Name") as HTMLInputElement;
    typed.value = "Ann";

    let root: Root | undefined;
    await act(async () => {
      root = mountApp(container, app(<Lazy />), { createRoot, hydrateRoot });
    });
    // The changed profile has arrived; the page's code has not.
    await settle();
    await act(async () => loadPage({ default: Page }));
    await settle();

    expect(screen.getByLabelText("First Name")).toBe(typed);
    expect(typed).toHaveValue("Ann");
    expect(screen.getByTestId("phone")).toHaveTextContent(OTHER_PROFILE.phone);
    act(() => root?.unmount());
    container.remove();
  });
});
