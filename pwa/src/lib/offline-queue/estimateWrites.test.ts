import "fake-indexeddb/auto";
import type { Estimate } from "@contracts/estimates/estimate.ts";
import { describe, expect, it } from "vitest";
import { headerOf, json, mockFetch, setOffline, signedInOnFreshQueue, TECHNICIAN } from "../../test/offlineQueue.ts";
import { closeDbForTests } from "./db.ts";
import {
  saveEstimateWork,
  sendWaitingEstimateWork,
  waitingEstimateWork,
  withWaitingEstimates,
  type EstimateWork,
} from "./estimateWrites.ts";

const ESTIMATE_ID = "0b7d3a52-4a0c-4f7f-9a57-7a1f7c1d2e3f";
const OPTION_ID = "5d1c7a2e-1b7f-4a51-8b8c-0f0e3a9d6c21";

const preview = {
  _id: ESTIMATE_ID,
  number: "",
  bookingId: "b1",
  status: "draft",
  options: [{ _id: OPTION_ID, title: "Good", lines: [], subtotalCents: 8900, taxCents: 0, totalCents: 8900 }],
  approvedOptionId: null,
  approval: null,
} as unknown as Estimate;

const create: EstimateWork = {
  type: "create",
  bookingId: "b1",
  body: {
    _id: ESTIMATE_ID,
    bookingId: "b1",
    options: [{ _id: OPTION_ID, title: "Good", lines: [{ priceBookItemId: "uv", quantity: 1 }] }],
  },
  preview,
};
const approve: EstimateWork = {
  type: "approve",
  bookingId: "b1",
  estimateId: ESTIMATE_ID,
  body: {
    optionId: OPTION_ID,
    signedBy: "Jane Doe",
    signature: "data:image/png;base64,iVBORw0KGgo=",
    at: "2030-06-10T14:00:00.000Z",
  },
};
const served: Estimate = { ...preview, number: "E-1001", status: "sent" };
const approved: Estimate = { ...served, status: "approved", approvedOptionId: OPTION_ID };

signedInOnFreshQueue(TECHNICIAN);

describe("estimate work on the device queue", () => {
  it("creates online at once and answers the server's estimate, with its number", async () => {
    const fetchMock = mockFetch(json(201, { data: served }));
    expect(await saveEstimateWork(create)).toEqual({ state: "sent", estimate: served });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/estimates");
    expect(JSON.parse(String(init?.body))).toMatchObject({ _id: ESTIMATE_ID, bookingId: "b1" });
    expect(headerOf(fetchMock.mock.calls[0]!, "Authorization")).toBe("Bearer token-1");
    expect(headerOf(fetchMock.mock.calls[0]!, "Idempotency-Key")).toBeTruthy();
    expect(await waitingEstimateWork("b1")).toEqual([]);
  });

  it("offline, keeps the creation and its approval; back online, sends the creation first and the approval once", async () => {
    setOffline(true);
    const offline = mockFetch(json(500, {}));
    expect(await saveEstimateWork(create)).toEqual({ state: "queued" });
    expect(await saveEstimateWork(approve)).toEqual({ state: "queued" });
    expect(offline).not.toHaveBeenCalled();
    expect((await waitingEstimateWork("b1")).map((w) => w.work.type)).toEqual(["create", "approve"]);

    setOffline(false);
    const fetchMock = mockFetch(json(201, { data: served }), json(200, { data: approved }));
    await sendWaitingEstimateWork();
    await sendWaitingEstimateWork();

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      "/api/estimates",
      `/api/estimates/${ESTIMATE_ID}/approve`,
    ]);
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toMatchObject({ optionId: OPTION_ID });
    expect(await waitingEstimateWork("b1")).toEqual([]);
  });

  it("holds the approval back while its creation cannot reach the server, and keeps the same keys for the retry", async () => {
    setOffline(true);
    await saveEstimateWork(create);
    await saveEstimateWork(approve);
    setOffline(false);

    const failing = mockFetch(json(503, { message: "Down" }));
    await sendWaitingEstimateWork();
    expect(failing.mock.calls.map(([url]) => url)).toEqual(["/api/estimates"]);
    const firstKey = headerOf(failing.mock.calls[0]!, "Idempotency-Key");

    const fetchMock = mockFetch(json(201, { data: served }), json(200, { data: approved }));
    await sendWaitingEstimateWork();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headerOf(fetchMock.mock.calls[0]!, "Idempotency-Key")).toBe(firstKey);
  });

  it("online, an approval whose creation still waits on the device is only stored, never sent ahead of it", async () => {
    setOffline(true);
    await saveEstimateWork(create);
    setOffline(false);
    const fetchMock = mockFetch(json(404, { message: "Estimate not found" }));

    expect(await saveEstimateWork(approve)).toEqual({ state: "queued" });
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await waitingEstimateWork("b1")).map((w) => w.work.type)).toEqual(["create", "approve"]);
  });

  it("shows an estimate made here as waiting, and an approval signed here over it", async () => {
    setOffline(true);
    await saveEstimateWork(create);
    await saveEstimateWork(approve);
    const shown = withWaitingEstimates([], await waitingEstimateWork("b1"));
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({
      waiting: true,
      estimate: { _id: ESTIMATE_ID, number: "", status: "approved", approvedOptionId: OPTION_ID },
    });
    expect(shown[0]!.estimate.approval).toMatchObject({ via: "on-site", signedBy: "Jane Doe" });

    // Once the server has the estimate, its copy is shown, not the device's.
    const fromServer = withWaitingEstimates([served], []);
    expect(fromServer).toEqual([{ estimate: served, waiting: false }]);
  });

  it("an approval with its cash deposit, taken offline, survives a restart and is sent once with the deposit", async () => {
    const withDeposit: EstimateWork = {
      ...approve,
      type: "approve",
      estimateId: ESTIMATE_ID,
      body: { ...approve.body, deposit: { method: "cash", amountCents: 4500, reference: "" } },
    } as EstimateWork;
    setOffline(true);
    expect(await saveEstimateWork(withDeposit)).toEqual({ state: "queued" });
    const shown = withWaitingEstimates([served], await waitingEstimateWork("b1"));
    expect(shown[0]).toMatchObject({ waiting: true, estimate: { status: "approved", depositPaidCents: 4500 } });

    // The tablet restarts: the queue is read again from IndexedDB.
    await closeDbForTests();
    expect((await waitingEstimateWork("b1")).map((w) => w.work.type)).toEqual(["approve"]);

    setOffline(false);
    const paid = { ...approved, depositPaidCents: 4500 };
    const fetchMock = mockFetch(json(200, { data: paid }), json(200, { data: paid }));
    await sendWaitingEstimateWork();
    await sendWaitingEstimateWork();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/estimates/${ESTIMATE_ID}/approve`);
    expect(JSON.parse(String(init?.body))).toMatchObject({
      optionId: OPTION_ID,
      deposit: { method: "cash", amountCents: 4500 },
    });
    expect(headerOf(fetchMock.mock.calls[0]!, "Idempotency-Key")).toBeTruthy();
    expect(await waitingEstimateWork("b1")).toEqual([]);
  });

  it("a deposit the server refuses is kept as failed with its words, and not sent again", async () => {
    const wrong = {
      ...approve,
      body: { ...approve.body, deposit: { method: "check", amountCents: 100, reference: "1042" } },
    } as EstimateWork;
    setOffline(true);
    await saveEstimateWork(wrong);
    setOffline(false);
    const fetchMock = mockFetch(json(422, { message: "This option's deposit is $45.00" }));
    await sendWaitingEstimateWork();
    await sendWaitingEstimateWork();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [refused] = await waitingEstimateWork("b1");
    expect(refused).toMatchObject({ state: "failed", error: "This option's deposit is $45.00" });
  });
});
