import "fake-indexeddb/auto";
import type { Invoice } from "@contracts/invoices/invoice.ts";
import { describe, expect, it } from "vitest";
import { headerOf, json, mockFetch, setOffline, signedInOnFreshQueue, TECHNICIAN } from "../../test/offlineQueue.ts";
import { saveInvoiceWork, sendWaitingInvoiceWork, waitingInvoiceWork, type InvoiceWork } from "./invoiceWrites.ts";

const create: InvoiceWork = { type: "create", bookingId: "b1" };
const check: InvoiceWork = {
  type: "pay",
  bookingId: "b1",
  body: { method: "check", amountCents: 5000, reference: "1042", at: "2030-06-10T14:00:00.000Z" },
};
const invoice = { _id: "i1", number: "INV-000001", balanceCents: 14900, paidCents: 0 } as Invoice;
const paid = { ...invoice, balanceCents: 9900, paidCents: 5000, status: "partially_paid" } as Invoice;

signedInOnFreshQueue(TECHNICIAN);

describe("invoice work on the device queue", () => {
  it("online, records a payment at once by the booking's invoice, with an Idempotency-Key", async () => {
    const fetchMock = mockFetch(json(201, { data: paid }));
    expect(await saveInvoiceWork(check)).toEqual({ state: "sent", invoice: paid });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/bookings/b1/invoice/payments");
    expect(JSON.parse(String(init?.body))).toEqual(check.type === "pay" && check.body);
    expect(headerOf(fetchMock.mock.calls[0]!, "Idempotency-Key")).toBeTruthy();
    expect(await waitingInvoiceWork("b1")).toEqual([]);
  });

  it("offline, keeps the invoice and its payment; back online, sends the invoice first and the payment once", async () => {
    setOffline(true);
    const offline = mockFetch(json(500, {}));
    expect(await saveInvoiceWork(create)).toEqual({ state: "queued" });
    expect(await saveInvoiceWork(check)).toEqual({ state: "queued" });
    expect(offline).not.toHaveBeenCalled();
    expect((await waitingInvoiceWork("b1")).map((w) => w.work.type)).toEqual(["create", "pay"]);

    setOffline(false);
    const fetchMock = mockFetch(json(201, { data: invoice }), json(201, { data: paid }));
    await sendWaitingInvoiceWork();
    await sendWaitingInvoiceWork();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      "/api/bookings/b1/invoice",
      "/api/bookings/b1/invoice/payments",
    ]);
    expect(await waitingInvoiceWork("b1")).toEqual([]);
  });

  it("holds the payment back while the invoice cannot reach the server, and keeps the payment's key for the retry", async () => {
    setOffline(true);
    await saveInvoiceWork(create);
    await saveInvoiceWork(check);
    setOffline(false);

    const failing = mockFetch(json(503, { message: "Down" }));
    await sendWaitingInvoiceWork();
    expect(failing.mock.calls.map(([url]) => url)).toEqual(["/api/bookings/b1/invoice"]);

    const slow = mockFetch(json(201, { data: invoice }), json(503, { message: "Down" }));
    await sendWaitingInvoiceWork();
    const paymentKey = headerOf(slow.mock.calls[1]!, "Idempotency-Key");

    const fetchMock = mockFetch(json(201, { data: paid }));
    await sendWaitingInvoiceWork();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(headerOf(fetchMock.mock.calls[0]!, "Idempotency-Key")).toBe(paymentKey);
    expect(await waitingInvoiceWork("b1")).toEqual([]);
  });

  it("online, a payment whose invoice still waits on the device is only stored, never sent ahead of it", async () => {
    setOffline(true);
    await saveInvoiceWork(create);
    setOffline(false);
    const fetchMock = mockFetch(json(404, { message: "Invoice not found" }));
    expect(await saveInvoiceWork(check)).toEqual({ state: "queued" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("an invoice made behind the visit's completion still on the device waits for it", async () => {
    setOffline(true);
    const completion = await saveInvoiceWork({ type: "create", bookingId: "b0" });
    expect(completion).toEqual({ state: "queued" });
    const [held] = await waitingInvoiceWork("b0");
    setOffline(false);
    const fetchMock = mockFetch(json(201, { data: invoice }));
    expect(await saveInvoiceWork(create, { after: held!.id })).toEqual({ state: "queued" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a refused payment (more than the balance) is thrown with the server's words and nothing kept", async () => {
    mockFetch(json(409, { message: "That is more than the balance of $149.00" }));
    await expect(saveInvoiceWork(check)).rejects.toThrow("balance of $149.00");
    expect(await waitingInvoiceWork("b1")).toEqual([]);
  });
});
