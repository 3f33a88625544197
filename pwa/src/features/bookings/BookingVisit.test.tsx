import "fake-indexeddb/auto";
import type { Estimate } from "@contracts/estimates/estimate.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import { render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../lib/session.ts";
import { freshQueue } from "../../test/offlineQueue.ts";
import { mockFetch } from "../../test/staffApi.ts";
import { adminUser, asJobDetails, fakeToken, makeBooking } from "../../test/staffFixtures.ts";
import { BookingVisit } from "./BookingVisit.tsx";

// Times in UTC; the office reads them in the business's zone (New York, UTC-4 in June), with the day, not today's.
const done = (at: string, receivedAt = at) => ({ at, receivedAt, by: "Tia Tech" });

/** Jane Doe's booking at `version`, its visit done by Tia: the record the office reads in the booking's details. */
function visitedJob(version: number, extra: Partial<JobDetails> = {}): JobDetails {
  return {
    ...asJobDetails(makeBooking({ _id: "b1", version, technicianId: "t1", technicianName: "Tia Tech" })),
    visit: {
      stage: "completed",
      history: [
        { stage: "en_route", ...done("2030-06-10T13:00:00.000Z") },
        { stage: "on_site", ...done("2030-06-10T13:25:00.000Z") },
        // Done on a device without signal, sent half an hour later.
        { stage: "completed", ...done("2030-06-10T15:10:00.000Z", "2030-06-10T15:40:00.000Z") },
      ],
      customerNotPresent: false,
    },
    checklist: [
      { _id: "plenums", label: "Plenums cleaned", required: true, done: true, ...done("2030-06-10T14:00:00.000Z") },
      { _id: "filter", label: "Filter replaced", required: false, done: false, at: null, receivedAt: null, by: null },
    ],
    notes: [{ _id: "n1", text: "Heavy dust in the return.", ...done("2030-06-10T13:40:00.000Z") }],
    photos: [
      { _id: "p1", kind: "before", url: "/api/photos/p1", ...done("2030-06-10T13:30:00.000Z") },
      { _id: "p2", kind: "after", url: "/api/photos/p2", ...done("2030-06-10T15:00:00.000Z") },
    ],
    signature: { url: "/api/photos/s1" },
    ...extra,
  };
}

const image = async () => new Response(new Blob(["image"], { type: "image/png" }));
const IMAGES = { "GET /api/photos/p1": image, "GET /api/photos/p2": image, "GET /api/photos/s1": image };

/** Each line of a list in the record, as read (spaces, including the narrow one before AM/PM, as one). */
const lines = (region: HTMLElement) =>
  within(region)
    .getAllByRole("listitem")
    .map((li) => li.textContent!.replace(/\s+/g, " ").trim());

beforeEach(async () => {
  await freshQueue();
  saveSession(fakeToken(), adminUser);
});
afterEach(() => vi.restoreAllMocks());

describe("the technician's visit in a booking's details", () => {
  it("shows each stage with its time and who, the checklist, the notes, the photos and the signature", async () => {
    const fetchMock = mockFetch({ "GET /api/bookings/b1": { body: visitedJob(3) }, ...IMAGES });
    render(<BookingVisit booking={{ _id: "b1", version: 3 }} />);
    expect(screen.getByText("Loading visit...")).toBeInTheDocument();
    const visit = await screen.findByRole("region", { name: "Technician's visit" });

    expect(lines(within(visit).getByRole("region", { name: "Visit" }))).toEqual([
      "On my way — Jun 10, 9:00 AM by Tia Tech",
      "On site — Jun 10, 9:25 AM by Tia Tech",
      "Completed — Jun 10, 11:10 AM (sent Jun 10, 11:40 AM) by Tia Tech",
    ]);
    expect(lines(within(visit).getByRole("region", { name: "Checklist (1 of 2)" }))).toEqual([
      "✓Done: Plenums cleaned — Jun 10, 10:00 AM",
      "○Not done: Filter replaced (optional)",
    ]);
    expect(lines(within(visit).getByRole("region", { name: "Notes (1)" }))).toEqual([
      "Heavy dust in the return.Tia Tech, Jun 10, 9:40 AM",
    ]);
    const photos = within(visit).getByRole("region", { name: "Photos (2)" });
    expect(await within(photos).findByRole("img", { name: "Before photo 1" })).toHaveAttribute("src");
    expect(await within(photos).findByRole("img", { name: "After photo 1" })).toHaveAttribute("src");
    const signature = within(visit).getByRole("region", { name: "Signature" });
    expect(await within(signature).findByRole("img", { name: "Customer's signature" })).toHaveAttribute("src");
    // Staff images need the token, which an <img> cannot send.
    const photoRead = fetchMock.mock.calls.find(([url]) => String(url) === "/api/photos/p1")!;
    expect(new Headers(photoRead[1]?.headers).get("Authorization")).toMatch(/^Bearer /);
  });

  it("says what is not there yet on a visit not started", async () => {
    mockFetch({ "GET /api/bookings/b1": { body: asJobDetails(makeBooking({ _id: "b1", version: 1 })) } });
    render(<BookingVisit booking={{ _id: "b1", version: 1 }} />);
    const visit = await screen.findByRole("region", { name: "Technician's visit" });
    expect(within(visit).getByRole("region", { name: "Visit" })).toHaveTextContent("Not started yet.");
    expect(within(visit).getByRole("region", { name: "Notes (0)" })).toHaveTextContent("No notes yet.");
    expect(within(visit).getByRole("region", { name: "Photos (0)" })).toHaveTextContent("No photos yet.");
    expect(within(visit).getByRole("region", { name: "Signature" })).toHaveTextContent("Not yet.");
  });

  it("says the customer was not present where a completed visit has no signature", async () => {
    const job = visitedJob(3, { signature: null });
    mockFetch({
      "GET /api/bookings/b1": { body: { ...job, visit: { ...job.visit, customerNotPresent: true } } },
      ...IMAGES,
    });
    render(<BookingVisit booking={{ _id: "b1", version: 3 }} />);
    const signature = await screen.findByRole("region", { name: "Signature" });
    expect(signature).toHaveTextContent("Customer not present.");
    expect(within(signature).queryByRole("img")).not.toBeInTheDocument();
  });

  it("reads the visit again when the booking's version moves, so work sent from the field shows", async () => {
    let job = visitedJob(3);
    const fetchMock = mockFetch({ "GET /api/bookings/b1": () => Promise.resolve(Response.json(job)), ...IMAGES });
    const { rerender } = render(<BookingVisit booking={{ _id: "b1", version: 3 }} />);
    await screen.findByRole("region", { name: "Notes (1)" });

    const note = {
      _id: "n2",
      text: "Customer asked for a quote on the dryer vent.",
      ...done("2030-06-10T15:05:00.000Z"),
    };
    job = { ...visitedJob(4), notes: [...job.notes, note] };
    rerender(<BookingVisit booking={{ _id: "b1", version: 4 }} />);
    const notes = await screen.findByRole("region", { name: "Notes (2)" });
    expect(within(notes).getByText("Customer asked for a quote on the dryer vent.")).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === "/api/bookings/b1")).toHaveLength(2);
  });

  it("shows the details its caller has just read for that version, without reading them again", async () => {
    const fetchMock = mockFetch({ ...IMAGES });
    render(<BookingVisit booking={{ _id: "b1", version: 3 }} details={visitedJob(3)} />);
    expect(await screen.findByRole("region", { name: "Notes (1)" })).toHaveTextContent("Heavy dust in the return.");
    await waitFor(() => expect(screen.getByRole("img", { name: "Customer's signature" })).toBeInTheDocument());
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain("/api/bookings/b1");
  });

  it("says the visit could not be loaded when the server cannot answer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockFetch({ "GET /api/bookings/b1": { status: 500, body: { message: "Database unavailable" } } });
    render(<BookingVisit booking={{ _id: "b1", version: 3 }} />);
    expect(await screen.findByText("The visit could not be loaded.")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Technician's visit" })).not.toBeInTheDocument();
  });

  it("shows a deposit the job holds, with the way to cancel the job with it; none once the job is cancelled", async () => {
    const approved = { _id: "e1", status: "approved", depositPaidCents: 15_000, options: [] } as unknown as Estimate;
    const holding = { ...visitedJob(3), estimates: [approved] };
    mockFetch({ ...IMAGES });
    const { rerender } = render(<BookingVisit booking={{ _id: "b1", version: 3 }} details={holding} />);
    const held = await screen.findByRole("group", { name: "Deposit held" });
    expect(held).toHaveTextContent("Deposit held: $150.00");
    expect(within(held).getByRole("button", { name: "Cancel Job…" })).toBeEnabled();

    const cancelled = { ...holding, version: 4, status: "cancelled" as const };
    rerender(<BookingVisit booking={{ _id: "b1", version: 4 }} details={cancelled} />);
    await waitFor(() => expect(screen.queryByRole("group", { name: "Deposit held" })).not.toBeInTheDocument());
  });
});
