// A technician who finishes a job and is paid on the spot: the device makes the booking's invoice and records the
// payment on it by the booking's id, both through its queue (so offline they wait, and go in order, the payment after
// the invoice). The same Idempotency-Key rides every retry: a payment sent twice is recorded once.
import type { Answer, Request } from "../device.ts";
import type { JobRecord } from "../ledger.ts";
import type { JobPlan } from "../plan.ts";

type Act = (what: string, request: Omit<Request, "token">, then: (answer: Answer) => void) => void;

export function takePayment(act: Act, record: JobRecord, payment: NonNullable<JobPlan["payment"]>, at: string) {
  const path = `/api/bookings/${record.bookingId}/invoice`;
  act(`invoice of ${record.bookingId}`, { method: "POST", path, json: {} }, () => {
    record.invoiced = true;
  });
  const reference = payment.method === "check" ? `Check ${record.bookingId.slice(0, 6)}` : "";
  act(
    `${payment.method} payment on ${record.bookingId}`,
    { method: "POST", path: `${path}/payments`, json: { ...payment, reference, at } },
    () => record.payments.push(payment.amountCents),
  );
}
