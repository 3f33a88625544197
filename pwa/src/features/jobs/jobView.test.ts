import { formatPlain, type MessageDescriptor, type MessageValues } from "@contracts/i18n/messages.ts";
import type { JobDetails } from "@contracts/visit/job.ts";
import { describe, expect, it } from "vitest";
import { makeBooking } from "../../test/staffFixtures.ts";
import type { WaitingWork } from "./jobQueue.ts";
import { currentStage, jobViewWithWaiting } from "./jobView.ts";
import { workLabel } from "./workLabel.ts";

const job = (): JobDetails => ({
  ...makeBooking({ _id: "b1" }),
  estimates: [],
  approvedWork: { totalCents: 0, items: [] },
  invoice: null,
  visit: {
    stage: "en_route",
    history: [{ stage: "en_route", at: "2030-06-10T13:00:00.000Z", receivedAt: "2030-06-10T13:00:00.000Z", by: "Tia" }],
    customerNotPresent: false,
  },
  notes: [
    {
      _id: "n1",
      text: "From the server",
      at: "2030-06-10T13:05:00.000Z",
      receivedAt: "2030-06-10T13:05:00.000Z",
      by: "Tia",
    },
  ],
  photos: [
    {
      _id: "p1",
      kind: "before",
      url: "/api/photos/p1",
      at: "2030-06-10T13:04:00.000Z",
      receivedAt: "2030-06-10T13:04:00.000Z",
    },
  ],
  signature: null,
  checklist: [
    { _id: "plenums", label: "Plenums cleaned", required: true, done: false, at: null, receivedAt: null, by: null },
  ],
});

const waiting = (
  work: WaitingWork["work"],
  state: WaitingWork["state"] = "pending",
  at = 1_900_000_000_000,
): WaitingWork => ({
  id: `${work.type}-${at}`,
  work,
  at,
  state,
  error: state === "pending" ? null : "Refused",
});

describe("the job as its technician left it", () => {
  it("lays the work still on the device over the server's record, marked as waiting", () => {
    const photo = new Blob(["x"], { type: "image/jpeg" });
    const view = jobViewWithWaiting(
      job(),
      [
        waiting({ type: "stage", bookingId: "b1", stage: "on_site" }),
        waiting({ type: "note", bookingId: "b1", text: "Offline note" }),
        waiting({ type: "photo", bookingId: "b1", kind: "after", blob: photo }),
        waiting({ type: "stage", bookingId: "b1", stage: "completed", note: "Final", customerNotPresent: true }),
      ],
      "Tia",
    );
    expect(view.stage).toBe("completed");
    expect(view.history.map((h) => [h.stage, h.waiting ?? false])).toEqual([
      ["en_route", false],
      ["on_site", true],
      ["completed", true],
    ]);
    expect(view.notes.map((n) => [n.text, n.waiting ?? false])).toEqual([
      ["From the server", false],
      ["Offline note", true],
      ["Final", true],
    ]);
    expect(view.photos.map((p) => p.source)).toEqual(["/api/photos/p1", photo]);
    expect(view.customerNotPresent).toBe(true);
  });

  it("does not lay refused work or another job's work over it", () => {
    const work = [
      waiting({ type: "stage", bookingId: "b1", stage: "completed" }, "failed"),
      waiting({ type: "note", bookingId: "b2", text: "Other job" }),
    ];
    expect(currentStage(job(), work)).toBe("en_route");
    expect(jobViewWithWaiting(job(), work, "Tia").notes).toHaveLength(1);
  });

  it("names each piece of work in the waiting list", () => {
    const english = (m: MessageDescriptor, values?: MessageValues) => formatPlain(m.defaultMessage, values);
    expect(workLabel({ type: "stage", bookingId: "b1", stage: "en_route" }, english)).toBe("On my way");
    expect(workLabel({ type: "photo", bookingId: "b1", kind: "before", blob: new Blob() }, english)).toBe(
      "Before photo",
    );
    expect(workLabel({ type: "note", bookingId: "b1", text: "x".repeat(80) }, english)).toBe(
      `Note: ${"x".repeat(57)}...`,
    );
    // Cut where an emoji's UTF-16 halves would be split apart: the whole emoji stays.
    const note = `${"x".repeat(56)}👍🏽${"y".repeat(10)}`;
    expect(workLabel({ type: "note", bookingId: "b1", text: note }, english)).toBe(`Note: ${"x".repeat(56)}👍🏽...`);
    expect(workLabel({ type: "note", bookingId: "b1", text: "👍🏽".repeat(60) }, english)).toBe(
      `Note: ${"👍🏽".repeat(60)}`,
    );
  });
});
