import type { BookingInput } from "@contracts/bookings/schemas.ts";
import type { FirstSendOptions, SendResult } from "../../lib/offline-queue/publicWrites.ts";

/**
 * POST /api/bookings through the device queue, so a booking made on a dying connection is never lost and arrives once.
 * Resolves `sent` on a 2xx, `queued` when it is kept on this device to be sent automatically; rejects with the
 * ApiError of a refusal (409 full slot, 422 rule, 400 invalid), or a NetworkError where nothing can be stored.
 * `onSlow` runs when the first send has had no answer for `queueTiming.slowFirstSendMs`.
 */
export async function submitBooking(
  payload: BookingInput,
  options: FirstSendOptions & { onSlow?: () => void } = {},
): Promise<SendResult> {
  // The device queue (IndexedDB) is loaded on submit, not with the form; the service worker precaches its chunk, and the
  // layout has usually loaded it already (the queue's notices). Its timings come with it: in the form's own code they
  // were a chunk more on /booking's first load.
  const { enqueueAndSend, queueTiming } = await import("../../lib/offline-queue/publicWrites.ts");
  const slow = options.onSlow ? setTimeout(options.onSlow, queueTiming.slowFirstSendMs) : undefined;
  try {
    return await enqueueAndSend("booking", payload, options);
  } finally {
    clearTimeout(slow);
  }
}
