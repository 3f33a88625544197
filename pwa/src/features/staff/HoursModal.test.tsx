import { DEFAULT_TECHNICIAN_HOURS } from "@contracts/schedule/board.ts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../lib/session.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import { makeStaffMember } from "../../test/staffFixtures.ts";
import { StaffPanel } from "./StaffPanel.tsx";

const TIA = makeStaffMember({
  _id: "s2",
  name: "Tia Tech",
  email: "tia@example.com",
  role: "technician",
  lastSignInAt: null,
});

function Harness() {
  const [adding, setAdding] = useState(false);
  return (
    <MemoryRouter>
      <StaffPanel adding={adding} onAddingChange={setAdding} />
    </MemoryRouter>
  );
}

function open() {
  saveSession("token-1", { _id: "s1", email: "owner@example.com", name: "Owner One", role: "owner" });
  const sent: unknown[] = [];
  mockFetch({
    "/api/staff": () => json([TIA]),
    "/api/staff/s2/hours": () => json(DEFAULT_TECHNICIAN_HOURS),
    "PUT /api/staff/s2/hours": (_url, init) => {
      const body = JSON.parse(String(init?.body)) as unknown;
      sent.push(body);
      return json(body);
    },
  });
  render(<Harness />);
  return { sent };
}

afterEach(() => vi.unstubAllGlobals());

describe("a technician's working hours", () => {
  it("shows the week as stored, saves a shorter Monday, Sunday off and two days off", async () => {
    const { sent } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Working Hours of Tia Tech" }));
    const dialog = await screen.findByRole("dialog", { name: "Working hours of Tia Tech" });
    expect(await within(dialog).findByLabelText("Monday starts")).toHaveValue("07:00");
    expect(within(dialog).getByRole("checkbox", { name: "Saturday" })).not.toBeChecked();

    const end = within(dialog).getByLabelText("Monday ends");
    await user.clear(end);
    await user.type(end, "15:30");
    await user.click(within(dialog).getByRole("checkbox", { name: "Sunday" }));
    await user.type(within(dialog).getByLabelText("Days off"), "2026-12-31, 2026-12-24");
    await user.click(within(dialog).getByRole("button", { name: "Save Hours" }));

    expect(await screen.findByText("The working hours of Tia Tech were saved.")).toBeVisible();
    expect(sent).toEqual([
      {
        week: {
          ...DEFAULT_TECHNICIAN_HOURS.week,
          sunday: null,
          monday: { start: "07:00", end: "15:30" },
        },
        daysOff: ["2026-12-24", "2026-12-31"],
      },
    ]);
  });

  it("refuses a day that ends before it starts, and a day off that is not a date, before sending", async () => {
    const { sent } = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Working Hours of Tia Tech" }));
    const dialog = await screen.findByRole("dialog", { name: "Working hours of Tia Tech" });
    const end = await within(dialog).findByLabelText("Tuesday ends");
    await user.clear(end);
    await user.type(end, "06:00");
    await user.click(within(dialog).getByRole("button", { name: "Save Hours" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("A working day must end after it starts");

    await user.clear(end);
    await user.type(end, "18:00");
    await user.type(within(dialog).getByLabelText("Days off"), "Christmas");
    await user.click(within(dialog).getByRole("button", { name: "Save Hours" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Date must be a real date");
    expect(sent).toHaveLength(0);
  });
});
