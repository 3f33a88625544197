import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import UnsubscribePage from "./UnsubscribePage.tsx";

const TOKEN = "a".repeat(64);

afterEach(() => vi.unstubAllGlobals());

describe("Unsubscribe", () => {
  it("changes nothing on opening, and unsubscribes with one click", async () => {
    const fetchMock = mockFetch({ [`POST /api/unsubscribe/${TOKEN}`]: () => json({ data: { unsubscribed: true } }) });
    renderRoute(<UnsubscribePage />, `/unsubscribe/${TOKEN}`, "/unsubscribe/:token");
    const button = await screen.findByRole("button", { name: "Unsubscribe" });
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(await screen.findByRole("status")).toHaveTextContent("You are unsubscribed.");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the server's words for a stale link", async () => {
    mockFetch({
      [`POST /api/unsubscribe/${TOKEN}`]: () => json({ message: "That unsubscribe link is not valid." }, 404),
    });
    renderRoute(<UnsubscribePage />, `/unsubscribe/${TOKEN}`, "/unsubscribe/:token");
    await userEvent.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That unsubscribe link is not valid.");
  });
});
