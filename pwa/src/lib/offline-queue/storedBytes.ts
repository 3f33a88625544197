/**
 * A Blob as the queue keeps it in IndexedDB: its bytes and its type. Some Safari versions fail to write Blobs to
 * IndexedDB ("Error preparing Blob/File data") or read them back corrupted; an ArrayBuffer is plain data every engine
 * stores. The queue turns every Blob of an item (a photo, a signature) into this before the write and back into a
 * Blob where a screen or a request needs one, so policies keep handing it Blobs.
 */
export interface StoredBytes {
  storedAs: "bytes";
  bytes: ArrayBuffer;
  type: string;
}

const isArrayBuffer = (value: unknown): value is ArrayBuffer =>
  Object.prototype.toString.call(value) === "[object ArrayBuffer]";

export function isStoredBytes(value: unknown): value is StoredBytes {
  const candidate = value as Partial<StoredBytes> | null;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    candidate.storedAs === "bytes" &&
    isArrayBuffer(candidate.bytes) &&
    typeof candidate.type === "string"
  );
}

export const isBlob = (value: unknown): value is Blob =>
  typeof Blob !== "undefined" && value instanceof Blob && typeof (value as Blob).arrayBuffer === "function";

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/** Whether `value` holds a Blob anywhere in its plain objects and arrays (an item an older version kept). */
export function holdsBlob(value: unknown): boolean {
  if (isBlob(value)) return true;
  if (Array.isArray(value)) return value.some(holdsBlob);
  if (isPlainObject(value)) return Object.values(value).some(holdsBlob);
  return false;
}

/**
 * Copies `values` with every Blob replaced by its StoredBytes. One Blob found twice (the photo in the payload and as
 * the body) becomes one StoredBytes object, so IndexedDB's structured clone keeps its bytes once.
 */
export async function packBlobs<T extends unknown[]>(...values: T): Promise<T> {
  const packed = new Map<Blob, StoredBytes>();
  const walk = async (value: unknown): Promise<unknown> => {
    if (isBlob(value)) {
      let stored = packed.get(value);
      if (!stored) {
        stored = { storedAs: "bytes", bytes: await value.arrayBuffer(), type: value.type };
        packed.set(value, stored);
      }
      return stored;
    }
    if (Array.isArray(value)) return Promise.all(value.map(walk));
    if (isPlainObject(value)) {
      const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await walk(v)] as const));
      return Object.fromEntries(entries);
    }
    return value;
  };
  return (await Promise.all(values.map(walk))) as T;
}

/** The other way: every StoredBytes as a Blob of its type again (one Blob per StoredBytes). */
export function unpackBlobs<T>(value: T, made = new Map<StoredBytes, Blob>()): T {
  if (isStoredBytes(value)) {
    let blob = made.get(value);
    if (!blob) {
      blob = new Blob([value.bytes], { type: value.type });
      made.set(value, blob);
    }
    return blob as T;
  }
  if (Array.isArray(value)) return value.map((v: unknown) => unpackBlobs(v, made)) as T;
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unpackBlobs(v, made)])) as T;
  }
  return value;
}

/** How many bytes a body takes: a photo's own, or its JSON's. */
export function byteSize(value: unknown): number {
  if (isStoredBytes(value)) return value.bytes.byteLength;
  if (isBlob(value)) return value.size;
  if (value === undefined) return 0;
  try {
    return new TextEncoder().encode(JSON.stringify(value)).length;
  } catch {
    return 0;
  }
}
