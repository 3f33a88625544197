import { screen, within } from "@testing-library/react";

/** The text of each cell of a table's body rows, by the table's accessible name. */
export const tableRows = (name: string) =>
  within(screen.getByRole("table", { name }))
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
