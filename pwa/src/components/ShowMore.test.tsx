import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ShowMore } from "./ShowMore.tsx";

describe("ShowMore", () => {
  it("says how many rows are shown of how many, with thousands, and reads more on request", async () => {
    const onMore = vi.fn();
    render(<ShowMore shown={50} total={1234} hasMore loadingMore={false} onMore={onMore} noun="bookings" />);
    expect(screen.getByText("Showing 50 of 1,234 bookings")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(onMore).toHaveBeenCalledTimes(1);
  });

  it("waits while the next page is on its way, and offers nothing once all are shown", () => {
    const { rerender } = render(
      <ShowMore shown={50} total={60} hasMore loadingMore onMore={() => undefined} noun="bookings" />,
    );
    expect(screen.getByRole("button", { name: "Loading more..." })).toBeDisabled();
    rerender(
      <ShowMore shown={60} total={60} hasMore={false} loadingMore={false} onMore={() => undefined} noun="bookings" />,
    );
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(screen.getByText("Showing 60 of 60 bookings")).toBeInTheDocument();
  });

  it("says a total the server only counted so far as at least, until the last page shows them all", () => {
    const foot = (shown: number, hasMore: boolean) => (
      <ShowMore
        shown={shown}
        total={1000}
        totalIsAtLeast
        hasMore={hasMore}
        loadingMore={false}
        onMore={() => undefined}
        noun="bookings"
      />
    );
    const { rerender } = render(foot(50, true));
    expect(screen.getByText("Showing 50 of 1,000+ bookings")).toBeInTheDocument();
    rerender(foot(1050, true));
    expect(screen.getByText("Showing 1,050 of 1,050+ bookings")).toBeInTheDocument();
    rerender(foot(1072, false));
    expect(screen.getByText("Showing 1,072 of 1,072 bookings")).toBeInTheDocument();
  });
});
