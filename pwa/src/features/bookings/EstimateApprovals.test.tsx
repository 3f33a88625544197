import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../lib/session.ts";
import { makeEstimate } from "../../test/estimateFixtures.ts";
import { makeFakeSocket } from "../../test/staffApi.ts";
import { EstimateApprovals } from "./EstimateApprovals.tsx";

const socket = vi.hoisted(() => ({ current: null as ReturnType<typeof makeFakeSocket> | null }));
vi.mock("../../lib/socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

const approved = makeEstimate({
  _id: "e1",
  number: "E-1009",
  bookingId: "b7",
  status: "approved",
  approvedOptionId: "o2",
  approval: { via: "on-site", signedBy: "Jane Doe", at: "", receivedAt: "", signatureUrl: null },
});

beforeEach(() => {
  socket.current = makeFakeSocket();
  saveSession("token-1", { _id: "a1", email: "admin@example.com", name: "Admin", role: "admin" });
});

describe("EstimateApprovals", () => {
  it("tells the office at once who approved which option for how much, with the way to the booking", async () => {
    const user = userEvent.setup();
    const onView = vi.fn();
    render(<EstimateApprovals onView={onView} />);
    expect(screen.queryByRole("heading", { name: "Estimates Approved" })).not.toBeInTheDocument();

    act(() => socket.current!.emit("estimateApproved", { estimate: approved, customerName: "Jane Doe" }));
    expect(await screen.findByTestId("estimate-approved")).toHaveTextContent(
      "E-1009 · Jane Doe approved Better for $589.00 on site",
    );
    // The same estimate heard twice (two instances, a reconnection) is listed once.
    act(() => socket.current!.emit("estimateApproved", { estimate: approved, customerName: "Jane Doe" }));
    expect(screen.getAllByTestId("estimate-approved")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "View Booking of Jane Doe" }));
    expect(onView).toHaveBeenCalledWith("b7");
  });
});
