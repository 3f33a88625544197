import { Buffer } from "node:buffer";
import type { Booking } from "../../../contracts/bookings/booking.ts";
import type { Tx } from "../../../db/client.ts";
import type { ServiceReport } from "../../../outbox/mail/templates.ts";
import type { ImageStore } from "./image-store.ts";
import type { VisitsRepo } from "./repo.ts";

/** A report attaches at most this many photos, and this many bytes of them: mail servers refuse large messages. */
export const REPORT_PHOTO_LIMIT = 8;
export const REPORT_PHOTO_BYTES = 10 * 1024 * 1024;

const EXTENSIONS = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" } as const;

/** The service report of a completed visit, read in the completion's transaction (so it has all that was sent). */
export async function buildReport(
  visits: VisitsRepo,
  images: ImageStore,
  tx: Tx,
  booking: Booking,
  technicianName: string,
): Promise<Omit<ServiceReport, "bookAgainUrl">> {
  const records = await visits.records(booking._id, tx);
  const photos = records.images.filter((i) => i.kind !== "signature");
  const signature = records.images.find((i) => i.kind === "signature") ?? null;
  const chosen: typeof photos = [];
  let total = 0;
  // Befores first, then afters, each in the order taken: the pairs read as a story.
  for (const photo of [...photos.filter((p) => p.kind === "before"), ...photos.filter((p) => p.kind === "after")]) {
    if (chosen.length >= REPORT_PHOTO_LIMIT || total + photo.byteSize > REPORT_PHOTO_BYTES) continue;
    chosen.push(photo);
    total += photo.byteSize;
  }
  const bytes = await images.getMany(
    [...chosen, ...(signature ? [signature] : [])].map((i) => i.storageKey),
    tx,
  );
  const counts = { before: 0, after: 0 };
  const attached = chosen.flatMap((photo) => {
    const data = bytes.get(photo.storageKey);
    if (!data || photo.kind === "signature") return [];
    counts[photo.kind]++;
    return [
      {
        filename: `${photo.kind}-${counts[photo.kind]}.${EXTENSIONS[photo.contentType]}`,
        contentType: photo.contentType,
        base64: Buffer.from(data).toString("base64"),
      },
    ];
  });
  const signatureBytes = signature ? bytes.get(signature.storageKey) : undefined;
  // When the visit really began and ended: the technician's own times, the last of each stage.
  const last = (stage: string) => records.visit.history.findLast((h) => h.stage === stage)?.at ?? null;
  return {
    technicianName,
    began: last("on_site"),
    ended: last("completed"),
    checklist: records.checklist.map(({ label, done }) => ({ label, done })),
    notes: records.notes.map(({ text, by }) => ({ text, by })),
    photos: attached,
    photosNotAttached: photos.length - attached.length,
    signature: signatureBytes
      ? { contentType: "image/png", base64: Buffer.from(signatureBytes).toString("base64") }
      : null,
    customerNotPresent: records.visit.customerNotPresent,
  };
}
