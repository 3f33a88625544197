import { act, render, screen } from "@testing-library/react";
import { DEFAULT_PROFILE } from "@contracts/settings/profile.ts";
import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { afterEach, expect, it, vi } from "vitest";
import { json, mockFetch } from "../test/fetch.ts";
import { OTHER_PROFILE } from "../test/profiles.ts";
import { ProfileProvider, useProfile } from "./profile.tsx";

afterEach(() => vi.unstubAllGlobals());

/** Notes every profile object it is rendered with. */
function Consumer({ seen }: { seen: BusinessProfile[] }) {
  const profile = useProfile();
  seen.push(profile);
  return <p data-testid="phone">{profile.phone}</p>;
}

/** Lets the answer's body be read and the state set: a few turns of the event loop. */
const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

// A new context value reaches a part of the page React has not hydrated yet (a prerendered page whose code is still
// loading, decision 0039), which React then throws away and renders anew, with what a visitor typed into it. In
// Chromium that is what happened to the booking form (e2e/boot.spec.ts).
it("keeps its profile object when the server answers the profile the page already shows", async () => {
  const fetchMock = mockFetch({ "/api/profile": () => json(DEFAULT_PROFILE) });
  const seen: BusinessProfile[] = [];
  render(
    <ProfileProvider initial={DEFAULT_PROFILE}>
      <Consumer seen={seen} />
    </ProfileProvider>,
  );
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/profile", expect.anything()));
  await settle();

  expect(new Set(seen)).toEqual(new Set([DEFAULT_PROFILE]));
});

it("shows a profile that changed since the page was served", async () => {
  mockFetch({ "/api/profile": () => json(OTHER_PROFILE) });
  render(
    <ProfileProvider initial={DEFAULT_PROFILE}>
      <Consumer seen={[]} />
    </ProfileProvider>,
  );

  await vi.waitFor(() => expect(screen.getByTestId("phone")).toHaveTextContent(OTHER_PROFILE.phone));
});
