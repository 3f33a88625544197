import { MAX_PHOTO_BYTES, PHOTO_MAX_EDGE_PX } from "@contracts/visit/visit.ts";
import { fitWithin } from "./fitWithin.ts";

/** A photo the app cannot keep, in words for the technician. */
export class PhotoError extends Error {
  override name = "PhotoError";
}

const JPEG_QUALITY = 0.82;

/**
 * A camera photo made ready to keep and send: upright (the phone's orientation applied), at most PHOTO_MAX_EDGE_PX
 * on its long side, re-encoded as JPEG, which leaves its EXIF (GPS position, device) behind.
 */
export async function preparePhoto(file: Blob): Promise<{ blob: Blob; width: number; height: number }> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new PhotoError("This file is not a photo the app can read.");
  }
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, PHOTO_MAX_EDGE_PX);
    const blob = await encode(bitmap, width, height);
    if (!blob) throw new PhotoError("This file is not a photo the app can read.");
    if (blob.size > MAX_PHOTO_BYTES) throw new PhotoError("This photo is too large to keep.");
    return { blob, width, height };
  } finally {
    bitmap.close();
  }
}

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY });
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", JPEG_QUALITY));
}
