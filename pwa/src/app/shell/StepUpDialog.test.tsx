import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getToken } from "../../lib/session.ts";
import StepUpDialog from "./StepUpDialog.tsx";

const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
vi.mock("@simplewebauthn/browser", () => webauthn);

const user = { _id: "u1", email: "admin@example.com", name: "Sam Admin", role: "admin" };
const confirmed = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.confirmed`;
const OPTIONS = {
  challenge: "c2hvcnQtY2hhbGxlbmdl",
  rpId: "localhost",
  allowCredentials: [{ id: "a2V5", type: "public-key" }],
};
const ASSERTION = { id: "a2V5", rawId: "a2V5", type: "public-key", response: {}, clientExtensionResults: {} };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** The server: the person's TOTP status and passkeys, and the passkey step-up's answer. */
function server({ totp = false, passkeys = 1, reauth = json({ token: confirmed, user }) } = {}) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === "/api/account/totp") return json({ enabled: totp, recoveryCodesLeft: totp ? 10 : 0 });
    if (path === "/api/account/passkeys") {
      return json({ data: Array.from({ length: passkeys }, (_, i) => ({ _id: `p${i}`, name: "Laptop" })) });
    }
    if (path === "/api/auth/reauth/passkey/options" && init?.method === "POST") return json(OPTIONS);
    if (path === "/api/auth/reauth/passkey" && init?.method === "POST") return reauth.clone();
    return json({ message: `unexpected ${path}` }, 500);
  });
}

const sentTo = (fetch: ReturnType<typeof server>, path: string) =>
  fetch.mock.calls.filter(([input]) => String(input) === path).map(([, init]) => init);

describe("StepUpDialog", () => {
  beforeEach(() => {
    vi.stubGlobal("PublicKeyCredential", function PublicKeyCredential() {});
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    webauthn.startAuthentication.mockReset();
  });

  it("confirms with one of the person's passkeys, keeps the confirmed token and lets the action go again", async () => {
    const fetch = server();
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const onDone = vi.fn();
    render(<StepUpDialog onDone={onDone} />);
    await userEvent.click(await screen.findByRole("button", { name: "Use a passkey" }));

    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    const [sent] = sentTo(fetch, "/api/auth/reauth/passkey");
    expect(JSON.parse(String(sent?.body))).toEqual({ response: ASSERTION });
    expect(getToken()).toBe(confirmed);
  });

  it("says why a passkey the server refused did not confirm, and keeps the dialog and its password form", async () => {
    server({ reauth: json({ message: "That passkey could not confirm it's you." }, 400) });
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const onDone = vi.fn();
    render(<StepUpDialog onDone={onDone} />);
    await userEvent.click(await screen.findByRole("button", { name: "Use a passkey" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("That passkey could not confirm it's you.");
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Use a passkey" })).toBeEnabled();
  });

  it("says the prompt was closed when the person dismisses it, and sends nothing to confirm", async () => {
    const fetch = server();
    webauthn.startAuthentication.mockRejectedValue(Object.assign(new Error("closed"), { name: "NotAllowedError" }));
    const onDone = vi.fn();
    render(<StepUpDialog onDone={onDone} />);
    await userEvent.click(await screen.findByRole("button", { name: "Use a passkey" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("The passkey prompt was closed or timed out.");
    expect(sentTo(fetch, "/api/auth/reauth/passkey")).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it("offers no passkey to a person who has none: the password and code are asked", async () => {
    server({ totp: true, passkeys: 0 });
    render(<StepUpDialog onDone={vi.fn()} />);
    // The code field comes with the same read as the passkeys: once it shows, the choice is made.
    expect(await screen.findByLabelText(/^Authentication code/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Use a passkey" })).toBeNull();
  });

  it("offers no passkey where the browser has no WebAuthn, and does not ask the server for them", async () => {
    vi.unstubAllGlobals();
    const fetch = server({ totp: true });
    render(<StepUpDialog onDone={vi.fn()} />);
    expect(await screen.findByLabelText(/^Authentication code/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Use a passkey" })).toBeNull();
    expect(sentTo(fetch, "/api/account/passkeys")).toEqual([]);
  });
});
