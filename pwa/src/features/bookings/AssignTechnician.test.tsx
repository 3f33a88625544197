import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { saveSession } from "../../lib/session.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import { adminUser, fakeToken, makeBooking } from "../../test/staffFixtures.ts";
import { AssignTechnician } from "./AssignTechnician.tsx";

afterEach(() => vi.unstubAllGlobals());

const technicians = [
  { _id: "t1", name: "Tia Tech" },
  { _id: "t2", name: "Bo Busy" },
];

it("assigns the job with the token, and shows the server's refusal of a technician who is busy then", async () => {
  saveSession(fakeToken(), adminUser);
  const booking = makeBooking({ _id: "b1" });
  const sent: unknown[] = [];
  mockFetch({
    "PUT /api/bookings/b1/assignment": (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { technicianId: string | null };
      sent.push(body);
      return body.technicianId === "t2"
        ? json({ message: "Bo Busy already has a job at that time" }, 409)
        : json({ data: { ...booking, technicianId: "t1", technicianName: "Tia Tech" } });
    },
  });
  const onAssigned = vi.fn();
  render(<AssignTechnician booking={booking} technicians={technicians} onAssigned={onAssigned} />);
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText("Technician"), "t1");
  await vi.waitFor(() => expect(onAssigned).toHaveBeenCalledWith(expect.objectContaining({ technicianId: "t1" })));
  await user.selectOptions(screen.getByLabelText("Technician"), "t2");
  expect(await screen.findByRole("alert")).toHaveTextContent("Bo Busy already has a job at that time");
  expect(sent).toEqual([{ technicianId: "t1" }, { technicianId: "t2" }]);
  expect(onAssigned).toHaveBeenCalledTimes(1);
});
