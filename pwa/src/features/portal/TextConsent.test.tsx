import type { SmsConsent } from "@contracts/texts/texts.ts";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "../../test/fetch.ts";
import { savePortalSession } from "./session.ts";
import { TextConsent } from "./TextConsent.tsx";

const SESSION = { expiresAt: "2099-01-01T00:00:00.000Z", email: "dana@example.com" };
const none: SmsConsent = { phone: "+17045550131", consent: "none", at: null, source: null, disclosure: null };

beforeEach(() => {
  localStorage.clear();
  savePortalSession(SESSION);
});
afterEach(() => vi.unstubAllGlobals());

describe("texts on the customer's own page", () => {
  it("turns texts on with the disclosure shown beside the box, under the customer's own cookie, and off again", async () => {
    const sent: unknown[] = [];
    const fetchMock = mockFetch({
      "/api/portal/sms-consent": () => json({ data: none }),
      "PUT /api/portal/sms-consent": (_url, init) => {
        const change = JSON.parse(String(init!.body)) as { consent: "granted" | "none"; disclosure?: string };
        sent.push(change);
        return json({ data: { ...none, consent: change.consent, at: "2030-06-04T10:00:00.000Z", source: "portal" } });
      },
    });
    render(<TextConsent />);
    const box = await screen.findByRole("checkbox", { name: "Text me about my visits at (704) 555-0131" });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      /^ClearFlow Duct & Vent Cleaning will text you about this visit.*HELP for help\.$/,
    );
    const user = userEvent.setup();
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(sent).toEqual([
      { consent: "granted", disclosure: expect.stringMatching(/^ClearFlow Duct & Vent Cleaning will text you/) },
      { consent: "none" },
    ]);
    // The session is the cookie the browser sends: no token is in the page's reach to put in a header.
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(new Headers(put[1]!.headers).get("Authorization")).toBeNull();
  });

  it("tells a customer who replied STOP to reply START, and offers no box to tick", async () => {
    mockFetch({
      "/api/portal/sms-consent": () => json({ data: { ...none, consent: "opted-out", source: "keyword" } }),
    });
    render(<TextConsent />);
    expect(
      await screen.findByText(
        "You replied STOP, so we no longer text this number. To get texts again, reply START to any of our texts.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("checkbox")).toBeDisabled();
  });
});
