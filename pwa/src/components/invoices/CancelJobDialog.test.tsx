import "fake-indexeddb/auto";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ADMIN, json, mockFetch, setOffline, signedInOnFreshQueue } from "../../test/offlineQueue.ts";
import { makeBooking } from "../../test/staffFixtures.ts";
import { cancelJob } from "../../lib/offline-queue/adminStatusQueue.ts";
import { CancelJobDialog } from "./CancelJobDialog.tsx";

signedInOnFreshQueue(ADMIN);

function open() {
  const onCancelled = vi.fn();
  render(
    <CancelJobDialog
      cancelJob={(reason) => cancelJob({ _id: "b1", version: 4 }, reason)}
      heldCents={15_000}
      onCancelled={onCancelled}
      onClose={() => undefined}
    />,
  );
  return { dialog: screen.getByRole("dialog", { name: "Cancel this job" }), onCancelled };
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>) => JSON.parse(String(fetchMock.mock.calls[0]![1]?.body));

describe("cancelling a job that holds a deposit", () => {
  it("refunds the deposit in full unless the office says otherwise", async () => {
    const user = userEvent.setup();
    const cancelled = makeBooking({ _id: "b1", status: "cancelled", version: 5 });
    const fetchMock = mockFetch(json(200, { data: cancelled }));
    const { dialog, onCancelled } = open();
    expect(dialog).toHaveTextContent("This job holds a deposit of $150.00.");
    expect(within(dialog).getByRole("radio", { name: /Refund it in full/ })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Refund $150.00 and Cancel Job" }));
    await vi.waitFor(() => expect(onCancelled).toHaveBeenCalledWith(cancelled, false));
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/bookings/b1/status");
    expect(bodyOf(fetchMock)).toEqual({ status: "cancelled", version: 4 });
  });

  it("keeps it only with a reason, which goes with the cancellation", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(json(200, { data: makeBooking({ _id: "b1", status: "cancelled" }) }));
    const { dialog, onCancelled } = open();
    await user.click(within(dialog).getByRole("radio", { name: /Keep it/ }));
    const keep = within(dialog).getByRole("button", { name: "Keep $150.00 and Cancel Job" });
    await user.click(keep);
    expect(await within(dialog).findByText("Say why the deposit is kept.")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole("textbox", { name: /Why it is kept/ }), "Cancelled on the morning");
    await user.click(keep);
    await vi.waitFor(() => expect(onCancelled).toHaveBeenCalledTimes(1));
    expect(bodyOf(fetchMock)).toEqual({
      status: "cancelled",
      version: 4,
      keepDepositReason: "Cancelled on the morning",
    });
  });

  it("offline, the cancellation waits on the device", async () => {
    const user = userEvent.setup();
    setOffline(true);
    const fetchMock = mockFetch(json(500, {}));
    const { dialog, onCancelled } = open();
    await user.click(within(dialog).getByRole("button", { name: "Refund $150.00 and Cancel Job" }));
    await vi.waitFor(() => expect(onCancelled).toHaveBeenCalledWith(null, false));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says why the server refused, and stays open", async () => {
    const user = userEvent.setup();
    mockFetch(json(409, { message: "This booking was changed by someone else. Reload and try again." }));
    const { dialog, onCancelled } = open();
    await user.click(within(dialog).getByRole("button", { name: "Refund $150.00 and Cancel Job" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("changed by someone else");
    expect(onCancelled).not.toHaveBeenCalled();
  });
});
