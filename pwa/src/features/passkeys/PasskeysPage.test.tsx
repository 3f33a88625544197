import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Passkey } from "@contracts/staff/passkeys.ts";
import PasskeysPage from "./PasskeysPage.tsx";

const webauthn = vi.hoisted(() => ({ startRegistration: vi.fn(), browserSupportsWebAuthn: vi.fn(() => true) }));
vi.mock("@simplewebauthn/browser", () => webauthn);

const laptop: Passkey = { _id: "p1", name: "Office laptop", createdAt: "2026-11-20T15:00:00.000Z", lastUsedAt: null };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Answers each request from `routes` by method and path, recording them. */
function server(routes: Record<string, () => Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const key = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = routes[key];
    if (!answer) throw new Error(`unexpected ${key}`);
    return answer();
  });
}

const renderPage = () =>
  render(
    <MemoryRouter>
      <PasskeysPage />
    </MemoryRouter>,
  );

describe("PasskeysPage", () => {
  beforeEach(() => {
    webauthn.startRegistration.mockReset();
  });

  it("lists the passkeys with when they were added and last used", async () => {
    server({
      "GET /api/account/passkeys": () =>
        json({ data: [laptop, { ...laptop, _id: "p2", name: "Van tablet", lastUsedAt: "2026-11-27T14:05:00.000Z" }] }),
    });
    renderPage();
    const items = await screen.findAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Office laptop");
    expect(items[0]).toHaveTextContent("Added Nov 20, 2026");
    expect(items[0]).toHaveTextContent("Not used yet");
    expect(items[1]).toHaveTextContent("Last used Nov 27, 2026");
  });

  it("adds a passkey through the browser's prompt under the name given", async () => {
    let listed: Passkey[] = [];
    const fetchMock = server({
      "GET /api/account/passkeys": () => json({ data: listed }),
      "POST /api/account/passkeys/options": () =>
        json({ challenge: "abc", rp: { id: "localhost", name: "ClearFlow" } }),
      "POST /api/account/passkeys": () => {
        listed = [laptop];
        return json({ data: laptop }, 201);
      },
    });
    webauthn.startRegistration.mockResolvedValue({ id: "cred" });
    renderPage();
    expect(await screen.findByText(/No passkeys yet/)).toBeInTheDocument();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText(/Passkey name/), "Office laptop");
    await u.click(screen.getByRole("button", { name: "Add a passkey" }));
    expect(await screen.findByRole("status")).toHaveTextContent('Passkey "Office laptop" added');
    expect(await screen.findByRole("listitem")).toHaveTextContent("Office laptop");
    expect(webauthn.startRegistration).toHaveBeenCalledWith({
      optionsJSON: { challenge: "abc", rp: { id: "localhost", name: "ClearFlow" } },
    });
    const sent = fetchMock.mock.calls.find(([url, init]) => url === "/api/account/passkeys" && init?.method === "POST");
    expect(JSON.parse(String(sent![1]!.body))).toEqual({ name: "Office laptop", response: { id: "cred" } });
  });

  it("renames and removes a passkey", async () => {
    let listed = [laptop];
    const fetchMock = server({
      "GET /api/account/passkeys": () => json({ data: listed }),
      "PATCH /api/account/passkeys/p1": () => {
        listed = [{ ...laptop, name: "Front desk" }];
        return json({ data: listed[0] });
      },
      "DELETE /api/account/passkeys/p1": () => {
        listed = [];
        return new Response(null, { status: 204 });
      },
    });
    renderPage();
    const u = userEvent.setup();
    await u.click(await screen.findByRole("button", { name: "Rename Office laptop" }));
    const field = screen.getByLabelText(/New name/);
    await u.clear(field);
    await u.type(field, "Front desk");
    await u.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("Front desk")).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch![1]!.body))).toEqual({ name: "Front desk" });

    await u.click(screen.getByRole("button", { name: "Remove Front desk" }));
    const confirm = screen.getByRole("group", { name: "Remove Front desk?" });
    await u.click(within(confirm).getByRole("button", { name: "Remove passkey" }));
    expect(await screen.findByText(/No passkeys yet/)).toBeInTheDocument();
  });

  it("says why a passkey was not added: the prompt closed", async () => {
    server({
      "GET /api/account/passkeys": () => json({ data: [] }),
      "POST /api/account/passkeys/options": () => json({ challenge: "abc" }),
    });
    webauthn.startRegistration.mockRejectedValue(new DOMException("closed", "NotAllowedError"));
    renderPage();
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/Passkey name/), "Tablet");
    await u.click(screen.getByRole("button", { name: "Add a passkey" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The passkey prompt was closed or timed out.");
  });
});
