import type { StaffMember } from "@contracts/staff/staff.ts";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../lib/session.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import { makeBooking, makeStaffMember } from "../../test/staffFixtures.ts";
import { StaffPanel } from "./StaffPanel.tsx";

const member = makeStaffMember;

function Harness() {
  const [adding, setAdding] = useState(false);
  return (
    <MemoryRouter>
      <StaffPanel adding={adding} onAddingChange={setAdding} />
    </MemoryRouter>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("StaffPanel", () => {
  it("lists staff with role and status, adds a technician with an invitation, and deactivates one", async () => {
    saveSession("token-1", { _id: "s1", email: "owner@example.com", name: "Owner One", role: "owner" });
    let staff = [member({}), member({ _id: "s2", name: "Tia Tech", email: "tia@example.com", role: "technician" })];
    const sent: { method: string; url: string; body: unknown }[] = [];
    mockFetch({
      "/api/staff": () => json(staff),
      "POST /api/staff": (url, init) => {
        const body = JSON.parse(String(init?.body)) as Partial<StaffMember>;
        sent.push({ method: "POST", url, body });
        const added = member({ ...body, _id: "s3", status: "invited", lastSignInAt: null });
        staff = [...staff, added];
        return json({ data: added }, 201);
      },
      "PUT /api/staff/s2": (url, init) => {
        sent.push({ method: "PUT", url, body: JSON.parse(String(init?.body)) });
        staff = staff.map((s) => (s._id === "s2" ? { ...s, status: "deactivated" as const } : s));
        return json({
          data: staff[1],
          jobsToReassign: [makeBooking({ _id: "b5", firstName: "Ann", lastName: "Lee" })],
        });
      },
    });
    vi.stubGlobal("confirm", () => true);
    render(<Harness />);
    const table = await screen.findByRole("table", { name: "Staff members" });
    expect(within(table).getByText("Tia Tech", { selector: ".adm-table__strong" })).toBeInTheDocument();
    expect(within(table).getByLabelText("Role of Tia Tech")).toHaveValue("technician");
    expect(within(table).queryByLabelText("Role of Owner One")).not.toBeInTheDocument();
    expect(within(table).queryByRole("button", { name: "Deactivate Owner One" })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Add Staff Member" }));
    const dialog = screen.getByRole("dialog", { name: "Add Staff Member" });
    await user.type(within(dialog).getByLabelText(/^Name/), "Sam New");
    await user.type(within(dialog).getByLabelText(/^E-mail/), "sam@example.com");
    expect(within(dialog).getByLabelText("Language")).toHaveValue("en");
    await user.selectOptions(within(dialog).getByLabelText("Language"), "Español");
    await user.click(within(dialog).getByRole("button", { name: "Add and Invite" }));
    expect(await screen.findByText("Sam New was added and an invitation was sent to sam@example.com.")).toBeVisible();
    expect(sent[0]).toMatchObject({
      body: { name: "Sam New", email: "sam@example.com", role: "technician", locale: "es" },
    });
    expect(await screen.findByRole("button", { name: "Resend Invitation to Sam New" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Deactivate Tia Tech" }));
    expect(await screen.findByText("Tia Tech was deactivated and signed out.")).toBeVisible();
    expect(sent[1]).toMatchObject({ method: "PUT", body: { active: false } });
    expect(screen.getByRole("link", { name: /Ann Lee/ })).toHaveAttribute("href", "/admin/bookings/edit/b5");
  });

  it("only an owner may change another owner; an admin sees owners as plain text and never edits their own row", async () => {
    const staff = [
      member({}),
      member({ _id: "s2", name: "Second Owner", email: "owner2@example.com" }),
      member({ _id: "s3", name: "Ada Admin", email: "ada@example.com", role: "admin" }),
    ];
    mockFetch({ "/api/staff": () => json(staff) });
    saveSession("token-1", { _id: "s3", email: "ada@example.com", name: "Ada Admin", role: "admin" });
    const { unmount } = render(<Harness />);
    const table = await screen.findByRole("table", { name: "Staff members" });
    expect(within(table).queryByLabelText("Role of Second Owner")).not.toBeInTheDocument();
    expect(within(table).queryByLabelText("Role of Ada Admin")).not.toBeInTheDocument();
    unmount();

    saveSession("token-2", { _id: "s1", email: "owner@example.com", name: "Owner One", role: "owner" });
    render(<Harness />);
    const role = await screen.findByLabelText("Role of Second Owner");
    expect([...role.querySelectorAll("option")].map((o) => o.textContent)).toEqual(["Technician", "Admin", "Owner"]);
    expect(screen.getByRole("button", { name: "Deactivate Second Owner" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Role of Owner One")).not.toBeInTheDocument();
  });
});
