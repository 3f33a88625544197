/**
 * When a photo was taken: the camera's DateTimeOriginal from the file's Exif, read before the app
 * re-encodes the photo (which drops the Exif); null when the file has none. Only the first 128 KB are read: the
 * Exif block sits at the start of a JPEG.
 */
export async function cameraTime(file: Blob): Promise<Date | null> {
  try {
    return exifDateTimeOriginal(new DataView(await file.slice(0, 128 * 1024).arrayBuffer()));
  } catch {
    // A file too short or oddly built: the moment it was taken in the app stands in.
    return null;
  }
}

const EXIF_IFD_POINTER = 0x8769;
const DATE_TIME_ORIGINAL = 0x9003;
const OFFSET_TIME_ORIGINAL = 0x9011;

/** The Exif DateTimeOriginal of JPEG bytes ("2026:11:24 09:42:10", with OffsetTimeOriginal when present). */
export function exifDateTimeOriginal(view: DataView): Date | null {
  if (view.getUint16(0) !== 0xffd8) return null;
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    const marker = view.getUint16(offset);
    const length = view.getUint16(offset + 2);
    // The first scan starts the image data: no Exif after it.
    if (marker === 0xffda || (marker & 0xff00) !== 0xff00) return null;
    if (marker === 0xffe1 && ascii(view, offset + 4, 6) === "Exif\0\0") return readTiff(view, offset + 10);
    offset += 2 + length;
  }
  return null;
}

function readTiff(view: DataView, tiff: number): Date | null {
  const little = ascii(view, tiff, 2) === "II";
  const u16 = (at: number) => view.getUint16(tiff + at, little);
  const u32 = (at: number) => view.getUint32(tiff + at, little);
  /** The entries of the IFD at `ifd` (relative to the TIFF header), by tag. */
  const entries = (ifd: number) => {
    const found = new Map<number, { count: number; value: number }>();
    const n = u16(ifd);
    for (let i = 0; i < n; i++) {
      const entry = ifd + 2 + i * 12;
      found.set(u16(entry), { count: u32(entry + 4), value: entry + 8 });
    }
    return found;
  };
  const text = (e: { count: number; value: number } | undefined) => {
    if (!e) return null;
    // Up to four bytes are held in the entry itself; longer values are elsewhere, at the offset it holds.
    const at = e.count > 4 ? u32(e.value) : e.value;
    return ascii(view, tiff + at, e.count).replace(/\0+$/, "");
  };
  const pointer = entries(u32(4)).get(EXIF_IFD_POINTER);
  if (!pointer) return null;
  const exif = entries(u32(pointer.value));
  const taken = text(exif.get(DATE_TIME_ORIGINAL));
  const match = taken && /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(taken);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const zone = text(exif.get(OFFSET_TIME_ORIGINAL));
  const date = /^[+-]\d{2}:\d{2}$/.test(zone ?? "")
    ? new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`)
    : // Without an offset the camera's clock is the device's own: local time.
      new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(date.getTime()) ? null : date;
}

function ascii(view: DataView, at: number, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += String.fromCharCode(view.getUint8(at + i));
  return out;
}
