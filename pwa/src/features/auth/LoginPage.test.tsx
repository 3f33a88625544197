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

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function renderLogin() {
  render(
    <MemoryRouter initialEntries={["/login"]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/dashboard" element={<h1>Dashboard screen</h1>} />
        <Route path="/account/two-step" element={<h1>Two-step setup screen</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function fillAndSubmit() {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText("Email"), "admin@example.com");
  await u.type(screen.getByLabelText("Password"), "secret");
  await u.click(screen.getByRole("button", { name: "Login" }));
}

describe("LoginPage", () => {
  it("shows the title, two required labelled fields and the administrator note", () => {
    renderLogin();
    expect(screen.getByRole("heading", { name: "Admin Login" })).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Email")).toBeRequired();
    expect(screen.getByLabelText("Password")).toBeRequired();
    expect(screen.getByText(/contact the system administrator/)).toBeInTheDocument();
  });

  it("shows 'Logging in...' on a disabled button while the request is pending", async () => {
    let answer!: (r: Response) => void;
    vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderLogin();
    await fillAndSubmit();
    expect(screen.getByRole("button", { name: "Logging in..." })).toBeDisabled();
    answer(json({ message: "Invalid email or password" }, 401));
    expect(await screen.findByRole("button", { name: "Login" })).toBeEnabled();
  });

  it("shows the server's message on a refusal", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json({ message: "Invalid email or password" }, 401));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid email or password");
  });

  it("shows 'Login failed' when the refusal carries no message", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("", { status: 500 }));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Login failed$/);
  });

  it("shows the network error text when the request never gets an answer", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole("alert")).toHaveTextContent("Network error. Please try again.");
  });

  it("on success stores token and user and goes to /dashboard", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(json({ token, user }));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole("heading", { name: "Dashboard screen" })).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBe(token);
    expect(JSON.parse(localStorage.getItem("user")!)).toEqual(user);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/auth/login");
    expect(JSON.parse(String(init!.body))).toEqual({ email: "admin@example.com", password: "secret" });
  });

  it("asks for the code after the password of a person with two-step verification, then signs in", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json({ mfaRequired: true, challenge: "c".repeat(43) }))
      .mockResolvedValueOnce(json({ token, user }));
    renderLogin();
    await fillAndSubmit();
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText("Authentication code"), "123456");
    await u.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("heading", { name: "Dashboard screen" })).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[1]!;
    expect(url).toBe("/api/auth/login/mfa");
    expect(JSON.parse(String(init?.body))).toEqual({ challenge: "c".repeat(43), code: "123456" });
  });

  it("a wrong code says so and keeps the code step; a recovery code is sent as one", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json({ mfaRequired: true, challenge: "c".repeat(43) }))
      .mockResolvedValueOnce(json({ message: "That code is not right. Try the newest code from your app." }, 401))
      .mockResolvedValueOnce(json({ token, user }));
    renderLogin();
    await fillAndSubmit();
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText("Authentication code"), "000000");
    await u.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That code is not right");
    await u.clear(screen.getByLabelText("Authentication code"));
    await u.type(screen.getByLabelText("Authentication code"), "abcde-fghij");
    await u.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("heading", { name: "Dashboard screen" })).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[2]![1]?.body))).toEqual({
      challenge: "c".repeat(43),
      recoveryCode: "abcde-fghij",
    });
  });

  it("a person the sign-in policy holds goes to set up two-step verification first", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(json({ token, user, setupRequired: true }));
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole("heading", { name: "Two-step setup screen" })).toBeInTheDocument();
  });
});

const options = { challenge: "c2FtZS1jaGFsbGVuZ2U", rpId: "localhost" };
const assertion = { id: "cred", rawId: "cred", type: "public-key", response: {}, clientExtensionResults: {} };

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

  it("says so when the server refuses the passkey picked from the autofill", async () => {
    webauthn.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    vi.spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(json(options))
      .mockResolvedValueOnce(json({ message: "Passkey sign-in failed. Use another passkey or your password." }, 401));
    webauthn.startAuthentication.mockResolvedValue(assertion);
    renderLogin();
    expect(await screen.findByRole("alert")).toHaveTextContent("Passkey sign-in failed");
    expect(screen.getByRole("button", { name: "Sign in with a passkey" })).toBeEnabled();
  });
});
