import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SearchBox } from "./SearchBox.tsx";

describe("SearchBox", () => {
  it("sends what was typed at once when the box is left, and the pause then sends nothing twice", async () => {
    const onSearch = vi.fn();
    render(
      <>
        <SearchBox value="" onSearch={onSearch} label="Search" />
        <button type="button">View Details</button>
      </>,
    );
    const box = screen.getByRole("searchbox", { name: "Search" });
    await userEvent.type(box, "0131");
    await userEvent.click(screen.getByRole("button", { name: "View Details" }));
    expect(onSearch.mock.calls).toEqual([["0131"]]);
    // A later search, sent after its own pause: had the first pause still been waiting, it would stand between them.
    await userEvent.clear(box);
    await userEvent.type(box, "Oak");
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(2));
    expect(onSearch.mock.calls).toEqual([["0131"], ["Oak"]]);
  });
});
