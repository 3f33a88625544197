import assert from "node:assert/strict";
import type { Booking } from "../bookings/booking.ts";
import { DEFAULT_PUSH_ENDPOINT_ORIGINS, isAllowedEndpoint, noticeLine, staffNotices } from "./push.ts";

const booking: Booking = {
  _id: "b1",
  firstName: "Ruth",
  lastName: "Okafor",
  email: "ruth@example.com",
  contactNumber: "(704) 555-0100",
  homeAddress: "12 Elm St",
  city: "Charlotte",
  state: "NC",
  zip: "28203",
  furnaceOrUnit: "Furnace",
  serviceType: "air-duct-cleaning",
  unitCount: 1,
  cleaningDate: "2026-11-26",
  cleaningTime: "10:00 AM",
  comment: "",
  originalPrice: 199,
  discountAmount: 0,
  estimatedPrice: 199,
  status: "confirmed",
  timeZone: "America/New_York",
  customerId: null,
  propertyId: null,
  technicianId: "t1",
  technicianName: "Marco",
  visitStage: "scheduled",
  visitStageAt: null,
  version: 2,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
};

Deno.test("push endpoints: only the push services' origins, subdomains where a wildcard says so", () => {
  const allowed = (url: string) => isAllowedEndpoint(url, DEFAULT_PUSH_ENDPOINT_ORIGINS);
  assert.ok(allowed("https://fcm.googleapis.com/fcm/send/abc"));
  assert.ok(allowed("https://wns2-by3p.notify.windows.com/w/?token=x"));
  assert.ok(allowed("https://web.push.apple.com/QGx"));
  for (const refused of [
    "http://fcm.googleapis.com/fcm/send/abc",
    "https://fcm.googleapis.com:8443/x",
    "https://fcm.googleapis.com.evil.example/x",
    "https://user:pw@fcm.googleapis.com/x",
    "https://notify.windows.com/x",
    "https://10.0.0.1/x",
    "not a url",
  ]) {
    assert.equal(allowed(refused), false, refused);
  }
  assert.ok(isAllowedEndpoint("http://127.0.0.1:9999/device", ["http://127.0.0.1:9999"]));
  assert.equal(isAllowedEndpoint("http://127.0.0.1:9998/device", ["http://127.0.0.1:9999"]), false);
});

Deno.test("a notice names the visit's day as en-US does, on every day of two years", () => {
  const intl = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" });
  for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
    const cleaningDate = new Date(day).toISOString().slice(0, 10);
    const expected = intl.format(day).replace(",", "");
    assert.equal(noticeLine({ ...booking, cleaningDate }, "X"), `X, ${expected}, 10:00 AM — Ruth O.`);
  }
});

Deno.test("staff notices: who hears of what", () => {
  const kinds = (before: Booking | null, after: Booking | null) =>
    staffNotices(before, after).map((n) => [
      n.kind,
      n.title,
      "office" in n.audience ? "office" : n.audience.technicianId,
    ]);
  assert.equal(noticeLine(booking, "Air Duct Cleaning"), "Air Duct Cleaning, Thu Nov 26, 10:00 AM — Ruth O.");
  assert.match(noticeLine({ ...booking, lastName: "𐐀bc" }, "X"), / 𐐀\.$/, "a letter outside the BMP, whole");
  assert.match(noticeLine({ ...booking, lastName: "E\u0301mile" }, "X"), / E\u0301\.$/, "with its combining accent");
  assert.match(noticeLine({ ...booking, lastName: " " }, "X"), /— Ruth$/, "no initial to show");
  assert.deepEqual(kinds(null, { ...booking, technicianId: null }), [["push-new-booking", "New booking", "office"]]);
  assert.deepEqual(kinds({ ...booking, technicianId: null }, booking), [["push-job-assigned", "New job", "t1"]]);
  assert.deepEqual(kinds(booking, { ...booking, technicianId: "t2" }), [
    ["push-job-cancelled", "Job reassigned", "t1"],
    ["push-job-assigned", "New job", "t2"],
  ]);
  assert.deepEqual(kinds(booking, { ...booking, cleaningTime: "1:00 PM" }), [
    ["push-job-changed", "Job changed", "t1"],
  ]);
  assert.deepEqual(kinds(booking, { ...booking, status: "cancelled" }), [
    ["push-job-cancelled", "Job cancelled", "t1"],
  ]);
  assert.deepEqual(kinds(booking, null), [["push-job-cancelled", "Job cancelled", "t1"]]);
  // The technician's own progress, a completion and a note tell nobody.
  assert.deepEqual(kinds(booking, { ...booking, visitStage: "on_site", version: 3 }), []);
  assert.deepEqual(kinds(booking, { ...booking, status: "completed" }), []);
  const taken = staffNotices(booking, { ...booking, technicianId: "t2" })[0]!;
  assert.equal(taken.url, "/jobs", "a job taken away opens the list, not a page that is no longer theirs");
});
