import { PNG_DATA_URL_PREFIX } from "../../contracts/estimates/schemas.ts";
import { MAX_SIGNATURE_BYTES } from "../../contracts/visit/visit.ts";
import { BadRequest } from "../../errors.ts";
import { MalformedImage, sniffImageType, stripMetadata } from "../../platform/images.ts";

export const SIGNATURE_NOT_PNG = "signature must be a PNG image";

/**
 * The drawn signature's bytes from its data URL, checked as a job's signature upload is: the bytes must be a PNG
 * (not merely say so), at most 1 MB, and leave without the metadata a device may put in them.
 */
export function signaturePng(dataUrl: string): Uint8Array<ArrayBuffer> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = Uint8Array.from(atob(dataUrl.slice(PNG_DATA_URL_PREFIX.length)), (c) => c.charCodeAt(0));
  } catch {
    throw new BadRequest(SIGNATURE_NOT_PNG);
  }
  if (bytes.length > MAX_SIGNATURE_BYTES) throw new BadRequest("signature must be at most 1 MB");
  if (sniffImageType(bytes) !== "image/png") throw new BadRequest(SIGNATURE_NOT_PNG);
  try {
    return stripMetadata(bytes, "image/png");
  } catch (error) {
    if (error instanceof MalformedImage) throw new BadRequest(SIGNATURE_NOT_PNG);
    throw error;
  }
}
