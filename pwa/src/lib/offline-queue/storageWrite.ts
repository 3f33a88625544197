import { queueTiming, sleep } from "./timing.ts";

/**
 * A write to the device's storage that did not happen. `quota`: the browser refused it for lack of room (nothing
 * else was touched); `failed`: any other refusal, after the transient ones were retried.
 */
export class StorageWriteError extends Error {
  override name = "StorageWriteError";
  constructor(
    readonly reason: "quota" | "failed",
    readonly cause: unknown,
  ) {
    super(
      reason === "quota"
        ? "Not enough storage on this device to keep this."
        : "This device could not keep this. Please try again.",
    );
  }
}

const nameOf = (error: unknown): string => (error as { name?: unknown } | null)?.name?.toString() ?? "";

/** The browser's own words for "no room": Chrome and Safari say QuotaExceededError, old Firefox NS_ERROR_DOM_QUOTA_REACHED. */
export function isQuotaError(error: unknown): boolean {
  const name = nameOf(error);
  if (name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED") return true;
  // A transaction aborted by the quota can surface as the abort, with the quota error inside.
  const inner = (error as { inner?: unknown; cause?: unknown } | null)?.cause;
  return inner !== undefined && inner !== error && isQuotaError(inner);
}

/**
 * Failures that say nothing about the write itself: Safari's UnknownError (its Blob bug, a storage process that
 * restarted) and an AbortError of a transaction something else ended. Worth another try before telling anyone.
 */
export function isTransientStorageError(error: unknown): boolean {
  const name = nameOf(error);
  return (name === "UnknownError" || name === "AbortError") && !isQuotaError(error);
}

/**
 * Runs a storage write, again after a short pause when it fails transiently (queueTiming.storageRetryDelaysMs), and
 * throws a StorageWriteError when it cannot be done: for the quota at once, since waiting makes no room.
 */
export async function writeWithRetries<T>(write: () => Promise<T>): Promise<T> {
  const delays = queueTiming.storageRetryDelaysMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (isQuotaError(error)) throw new StorageWriteError("quota", error);
      if (!isTransientStorageError(error) || attempt >= delays.length) throw new StorageWriteError("failed", error);
      console.warn("A storage write failed; trying again", error);
      await sleep(delays[attempt]!);
    }
  }
}
