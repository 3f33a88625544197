import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import LoginPage from "./LoginPage.tsx";

const webauthn = vi.hoisted(() => ({
  startAuthentication: vi.fn(),
  browserSupportsWebAuthnAutofill: vi.fn(async () => false),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));
vi.mock("@simplewebauthn/browser", () => webauthn);

const user = { _id: "u1", email: "admin@example.com", name: "Sam Admin", role: "admin" };
const token = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;
const options = { challenge: "c2FtZS1jaGFsbGVuZ2U", rpId: "localhost" };
const assertion = { id: "cred", rawId: "cred", type: "public-key", response: {}, clientExtensionResults: {} };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function renderLogin() {
  render(
    <MemoryRouter initialEntries={["/login"]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/dashboard" element={<h1>Dashboard screen</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("LoginPage with a passkey", () => {
  beforeEach(() => {
    webauthn.startAuthentication.mockReset();
    webauthn.browserSupportsWebAuthnAutofill.mockResolvedValue(false);
  });

  it("offers passkeys in the e-mail field's autofill", () => {
    renderLogin();
    expect(screen.getByLabelText("Email")).toHaveAttribute("autocomplete", "username webauthn");
  });

  it("signs in with the browser's passkey prompt and goes to the dashboard", async () => {
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json(options))
      .mockResolvedValueOnce(json({ token, user }));
    webauthn.startAuthentication.mockResolvedValue(assertion);
    renderLogin();
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign in with a passkey" }));
    expect(await screen.findByRole("heading", { name: "Dashboard screen" })).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBe(token);
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options, useBrowserAutofill: false });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/auth/passkey/options", "/api/auth/passkey"]);
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toEqual({ response: assertion });
  });

  it("says so when the prompt is closed, and the password form stays", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(options));
    webauthn.startAuthentication.mockRejectedValue(new DOMException("closed", "NotAllowedError"));
    renderLogin();
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign in with a passkey" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The passkey prompt was closed or timed out.");
    expect(screen.getByRole("button", { name: "Login" })).toBeEnabled();
  });

  it("shows the server's refusal", async () => {
    vi.spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json(options))
      .mockResolvedValueOnce(json({ message: "Passkey sign-in failed. Use another passkey or your password." }, 401));
    webauthn.startAuthentication.mockResolvedValue(assertion);
    renderLogin();
    await userEvent.setup().click(screen.getByRole("button", { name: "Sign in with a passkey" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Passkey sign-in failed");
  });

  it("where the browser autofills passkeys, picking one signs in without a press", async () => {
    webauthn.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json(options)).mockResolvedValueOnce(json({ token, user }));
    webauthn.startAuthentication.mockResolvedValue(assertion);
    renderLogin();
    expect(await screen.findByRole("heading", { name: "Dashboard screen" })).toBeInTheDocument();
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options, useBrowserAutofill: true });
  });
});
