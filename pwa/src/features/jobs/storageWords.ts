import { StorageWriteError } from "../../lib/offline-queue/storageWrite.ts";

/**
 * What to tell the technician when the device could not keep a piece of work ("photo", "signature", "note"), or
 * null when the failure was something else. Nothing of it was kept or shown as saved; everything before it was.
 */
export function storageWords(error: unknown, thing: string): string | null {
  if (!(error instanceof StorageWriteError)) return null;
  return error.reason === "quota"
    ? `Not enough storage on this device to keep this ${thing}.`
    : `This device could not keep this ${thing}. Please try again.`;
}
