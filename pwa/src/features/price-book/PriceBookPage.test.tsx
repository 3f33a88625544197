import type { PriceBookItem } from "@contracts/price-book/item.ts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../lib/session.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import { renderRoute } from "../../test/render.tsx";
import { dollarsToCents } from "../../lib/priceBook.ts";
import PriceBookPage from "./PriceBookPage.tsx";

const ITEMS: PriceBookItem[] = [
  {
    _id: "uv",
    name: "UV light installation",
    description: "UV-C lamp in the supply plenum",
    unitPriceCents: 124900,
    unitLabel: "each",
    taxable: true,
    active: true,
  },
  {
    _id: "old",
    name: "Duct tape wrap",
    description: "",
    unitPriceCents: 1250,
    unitLabel: "ft",
    taxable: false,
    active: false,
  },
];

function open() {
  saveSession("token-1", { _id: "u1", email: "admin@example.com", name: "Admin", role: "admin" });
  const sent: { method: string; url: string; body: unknown }[] = [];
  const write = (method: string) => (url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as PriceBookItem;
    sent.push({ method, url, body });
    return json({ data: { ...body, _id: url.split("/").pop() === "price-book" ? "new" : url.split("/").pop() } });
  };
  mockFetch({
    "GET /api/price-book": () => json({ data: ITEMS }),
    "POST /api/price-book": write("POST"),
    "PUT /api/price-book/uv": write("PUT"),
    "PUT /api/price-book/old": write("PUT"),
  });
  renderRoute(<PriceBookPage />, "/dashboard/price-book");
  return sent;
}

afterEach(() => vi.restoreAllMocks());

describe("PriceBookPage", () => {
  it("lists the items with their price in the one money format per unit, archived ones marked as such", async () => {
    open();
    const table = await screen.findByRole("table", { name: "Price book items" });
    const [, uv, old] = within(table).getAllByRole("row");
    expect(uv).toHaveTextContent("UV light installation");
    expect(uv).toHaveTextContent("$1,249.00 / each");
    expect(uv).toHaveTextContent("Active");
    expect(old).toHaveTextContent("$12.50 / ft");
    expect(old).toHaveTextContent("Archived");
    expect(within(old!).getByRole("button", { name: "Restore Duct tape wrap" })).toBeEnabled();
  });

  it("adds an item with its price in cents, and refuses a price that is not an amount", async () => {
    const user = userEvent.setup();
    const sent = open();
    await user.click(await screen.findByRole("button", { name: "Add Item" }));
    const dialog = screen.getByRole("dialog", { name: "Add Item" });
    await user.type(within(dialog).getByRole("textbox", { name: /Name/ }), "Bird guard");
    await user.type(within(dialog).getByRole("textbox", { name: /Unit price/ }), "12.345");
    await user.click(within(dialog).getByRole("button", { name: "Add Item" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Enter the price in dollars");
    expect(sent).toEqual([]);

    await user.clear(within(dialog).getByRole("textbox", { name: /Unit price/ }));
    await user.type(within(dialog).getByRole("textbox", { name: /Unit price/ }), "89");
    await user.click(within(dialog).getByRole("button", { name: "Add Item" }));
    expect(await screen.findByText("Bird guard was added.")).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      method: "POST",
      body: { name: "Bird guard", unitPriceCents: 8900, unitLabel: "each", taxable: true, active: true },
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("archives an item with the whole item and active false", async () => {
    const user = userEvent.setup();
    const sent = open();
    await user.click(await screen.findByRole("button", { name: "Archive UV light installation" }));
    expect(await screen.findByText("UV light installation is archived.")).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ method: "PUT", body: { unitPriceCents: 124900, active: false } });
  });
});

describe("dollarsToCents", () => {
  it("reads dollars as typed into whole cents", () => {
    expect(dollarsToCents("1,249")).toBe(124900);
    expect(dollarsToCents("$12.5")).toBe(1250);
    expect(dollarsToCents("0.07")).toBe(7);
    expect(dollarsToCents("12.345")).toBeNull();
    expect(dollarsToCents("-5")).toBeNull();
    expect(dollarsToCents("")).toBeNull();
  });
});
