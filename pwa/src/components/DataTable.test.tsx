import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { byNumber, byText, DataTable, type Column } from "./DataTable.tsx";

interface Service {
  id: string;
  title: string;
  price: number;
  duration: string;
}

const SERVICES: Service[] = [
  { id: "b", title: "Dryer Vent Cleaning", price: 99, duration: "1 hour" },
  { id: "a", title: "air duct cleaning", price: 199, duration: "3 hours" },
  { id: "c", title: "Chimney Cleaning", price: 149, duration: "2 hours" },
];

const COLUMNS: Column<Service>[] = [
  { key: "title", header: "Title", cell: (s) => s.title, compare: byText((s) => s.title) },
  { key: "price", header: "Price", cell: (s) => `$${s.price}`, compare: byNumber((s) => s.price) },
  { key: "duration", header: "Duration", cell: (s) => s.duration },
];

function table(rows = SERVICES, extra: Partial<Parameters<typeof DataTable<Service>>[0]> = {}) {
  return render(
    <DataTable
      caption="All services"
      columns={COLUMNS}
      rows={rows}
      rowKey={(s) => s.id}
      empty="No services yet."
      {...extra}
    />,
  );
}

/** The first cell of each body row, top to bottom. */
const titles = () =>
  within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0]!.textContent);

describe("DataTable", () => {
  it("is named by its caption, with a column header per column and the rows in the order given", () => {
    table();
    expect(screen.getByRole("table", { name: "All services" })).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Title", "Price", "Duration"]);
    expect(titles()).toEqual(["Dryer Vent Cleaning", "air duct cleaning", "Chimney Cleaning"]);
  });

  it("sorts by a sortable header, ascending then descending, and says so with aria-sort on that header only", async () => {
    const user = userEvent.setup();
    table();
    const title = screen.getByRole("columnheader", { name: "Title" });
    const price = screen.getByRole("columnheader", { name: "Price" });
    expect(title).not.toHaveAttribute("aria-sort");

    await user.click(within(title).getByRole("button", { name: "Title" }));
    expect(title).toHaveAttribute("aria-sort", "ascending");
    // Case aside: "air duct" before "Chimney".
    expect(titles()).toEqual(["air duct cleaning", "Chimney Cleaning", "Dryer Vent Cleaning"]);

    await user.click(within(title).getByRole("button"));
    expect(title).toHaveAttribute("aria-sort", "descending");
    expect(titles()).toEqual(["Dryer Vent Cleaning", "Chimney Cleaning", "air duct cleaning"]);

    await user.click(within(price).getByRole("button", { name: "Price" }));
    expect(price).toHaveAttribute("aria-sort", "ascending");
    expect(title).not.toHaveAttribute("aria-sort");
    expect(titles()).toEqual(["Dryer Vent Cleaning", "Chimney Cleaning", "air duct cleaning"]);
  });

  it("offers no sort button on a column without a comparison", () => {
    table();
    expect(within(screen.getByRole("columnheader", { name: "Duration" })).queryByRole("button")).toBeNull();
  });

  it("says its empty text instead of an empty table", () => {
    table([]);
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.getByText("No services yet.")).toBeInTheDocument();
  });

  it("puts each row's actions in a last Actions column, and labels every cell with its header for phones", async () => {
    const onEdit = vi.fn();
    table(SERVICES, {
      actions: (s) => (
        <button type="button" onClick={() => onEdit(s.id)}>
          Edit<span className="visually-hidden"> {s.title}</span>
        </button>
      ),
    });
    expect(screen.getAllByRole("columnheader").at(-1)).toHaveTextContent("Actions");
    await userEvent.click(screen.getByRole("button", { name: "Edit Chimney Cleaning" }));
    expect(onEdit).toHaveBeenCalledWith("c");
    const cells = within(screen.getAllByRole("row")[1]!).getAllByRole("cell");
    expect(cells.map((cell) => cell.getAttribute("data-label"))).toEqual(["Title", "Price", "Duration", "Actions"]);
  });

  it("marks a row with a write in flight as busy", () => {
    table(SERVICES, { busy: (s) => s.id === "a" });
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => row.getAttribute("aria-busy"))).toEqual([null, "true", null]);
  });

  it("leaves the order to the server when it is given sort and onSort: a header asks, the rows stay as given", async () => {
    const onSort = vi.fn();
    const columns = COLUMNS.map((c) => (c.key === "price" ? { ...c, sortable: true } : c));
    table(SERVICES, { columns, sort: { key: "price", direction: "descending" }, onSort });
    expect(titles()).toEqual(["Dryer Vent Cleaning", "air duct cleaning", "Chimney Cleaning"]);
    expect(screen.getByRole("columnheader", { name: "Price" })).toHaveAttribute("aria-sort", "descending");
    // Only the columns the server can sort by are buttons.
    expect(within(screen.getByRole("columnheader", { name: "Title" })).queryByRole("button")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Price" }));
    expect(onSort).toHaveBeenCalledWith("price");
    expect(titles()).toEqual(["Dryer Vent Cleaning", "air duct cleaning", "Chimney Cleaning"]);
  });
});
