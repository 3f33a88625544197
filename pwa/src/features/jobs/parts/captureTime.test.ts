import { describe, expect, it } from "vitest";
import { cameraTime, exifDateTimeOriginal } from "./captureTime.ts";

/** A JPEG start with an Exif block holding DateTimeOriginal (and OffsetTimeOriginal when given), little-endian. */
function jpegWithExif(dateTime: string, offset?: string): Uint8Array<ArrayBuffer> {
  const tiff = new DataView(new ArrayBuffer(90));
  const put = (at: number, text: string) => [...text].forEach((c, i) => tiff.setUint8(at + i, c.charCodeAt(0)));
  put(0, "II");
  tiff.setUint16(2, 42, true);
  tiff.setUint32(4, 8, true);
  tiff.setUint16(8, 1, true);
  tiff.setUint16(10, 0x8769, true);
  tiff.setUint16(12, 4, true);
  tiff.setUint32(14, 1, true);
  tiff.setUint32(18, 26, true);
  tiff.setUint16(26, offset ? 2 : 1, true);
  tiff.setUint16(28, 0x9003, true);
  tiff.setUint16(30, 2, true);
  tiff.setUint32(32, 20, true);
  tiff.setUint32(36, 56, true);
  if (offset) {
    tiff.setUint16(40, 0x9011, true);
    tiff.setUint16(42, 2, true);
    tiff.setUint32(44, 7, true);
    tiff.setUint32(48, 76, true);
    put(76, `${offset}\0`);
  }
  put(56, `${dateTime}\0`);
  const payload = [..."Exif\0\0"].map((c) => c.charCodeAt(0)).concat([...new Uint8Array(tiff.buffer)]);
  const length = payload.length + 2;
  return new Uint8Array([0xff, 0xd8, 0xff, 0xe1, length >> 8, length & 255, ...payload, 0xff, 0xda, 0, 2, 0xff, 0xd9]);
}

describe("a photo's capture time", () => {
  it("is the camera's DateTimeOriginal, with its offset when the camera wrote one", () => {
    const bytes = jpegWithExif("2026:11:24 09:42:10", "-05:00");
    expect(exifDateTimeOriginal(new DataView(bytes.buffer))?.toISOString()).toBe("2026-11-24T14:42:10.000Z");
  });

  it("reads a time without an offset as the device's local time", () => {
    const bytes = jpegWithExif("2026:11:24 09:42:10");
    expect(exifDateTimeOriginal(new DataView(bytes.buffer))?.getTime()).toBe(
      new Date(2026, 10, 24, 9, 42, 10).getTime(),
    );
  });

  it("is null for a photo without Exif, a broken file or a file that is not a JPEG", async () => {
    expect(await cameraTime(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2])]))).toBeNull();
    expect(await cameraTime(new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 40])]))).toBeNull();
    expect(await cameraTime(new Blob(["GIF89a"]))).toBeNull();
    expect(await cameraTime(new Blob([jpegWithExif("not a date at all!!")]))).toBeNull();
  });
});
