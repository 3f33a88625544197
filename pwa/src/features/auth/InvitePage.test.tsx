import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getToken, getUser } from "../../lib/session.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import InvitePage from "./InvitePage.tsx";

const open = (token = "tok-1") => renderRoute(<InvitePage />, `/invite/${token}`, "/invite/:token");
afterEach(() => vi.unstubAllGlobals());

describe("InvitePage", () => {
  it("greets the person, sets the password, signs them in and sends a technician to their jobs", async () => {
    const fetchMock = mockFetch({
      "/api/invitations/tok-1": () => json({ name: "Sam Tech", email: "sam@example.com" }),
      "POST /api/invitations/tok-1": () =>
        json({
          token: "session-1",
          user: { _id: "t1", name: "Sam Tech", email: "sam@example.com", role: "technician" },
        }),
    });
    open();
    expect(await screen.findByRole("heading", { name: "Welcome, Sam Tech" })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "short");
    await user.click(screen.getByRole("button", { name: "Set Password and Sign In" }));
    expect(screen.getByRole("alert")).toHaveTextContent("at least 12 characters");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await user.clear(screen.getByLabelText("New password"));
    await user.type(screen.getByLabelText("New password"), "a long enough passphrase");
    await user.type(screen.getByLabelText("Repeat the password"), "a long enough passphrase");
    await user.click(screen.getByRole("button", { name: "Set Password and Sign In" }));
    expect(await screen.findByTestId("where")).toHaveTextContent("/jobs");
    expect(getToken()).toBe("session-1");
    expect(getUser()).toMatchObject({ role: "technician" });
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ password: "a long enough passphrase" });
  });

  it("says an expired or used invitation must be sent again", async () => {
    mockFetch({ "/api/invitations/old": () => json({ message: "Gone" }, 410) });
    open("old");
    expect(await screen.findByRole("heading", { name: "Invitation Not Valid" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("expired or was already used");
  });

  it("shows the server's refusal of a common password and keeps the form", async () => {
    mockFetch({
      "/api/invitations/tok-1": () => json({ name: "Ann Office", email: "ann@example.com" }),
      "POST /api/invitations/tok-1": () => json({ message: "This password is too common" }, 400),
    });
    open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("New password"), "password1234");
    await user.type(screen.getByLabelText("Repeat the password"), "password1234");
    await user.click(screen.getByRole("button", { name: "Set Password and Sign In" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This password is too common");
    expect(screen.getByRole("button", { name: "Set Password and Sign In" })).toBeEnabled();
  });
});
