import { PHOTO_KIND_LABELS, PHOTO_KINDS, type PhotoKind } from "@contracts/visit/visit.ts";
import { useRef, useState, type ChangeEvent } from "react";
import { cameraTime } from "./captureTime.ts";
import { PhotoError, preparePhoto } from "./preparePhoto.ts";
import { askPersistentStorage, storageRoom } from "./storageRoom.ts";
import "./PhotoPicker.css";

export const STORAGE_FULL =
  "This device is almost out of storage. Send the photos waiting on it (connect to the internet) before taking more.";

/**
 * Before or After, then Add Photo: the camera (or the gallery) opens; the photo is scaled and re-encoded on the
 * device and handed to `onPhoto` to keep, with the time the camera says it was taken. A device nearly out of storage is told so instead of losing a photo later.
 */
export function PhotoPicker({
  onPhoto,
}: {
  /** `at`: when it was taken, the camera's own time if the file has one. */
  onPhoto: (photo: { kind: PhotoKind; blob: Blob; at: string }) => Promise<void>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<PhotoKind>("before");
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same photo may be picked again after a failure.
    event.target.value = "";
    if (!file) return;
    setProblem(null);
    setAdding(true);
    const pickedAt = new Date();
    try {
      if ((await storageRoom()).nearlyFull) {
        setProblem(STORAGE_FULL);
        return;
      }
      void askPersistentStorage();
      const taken = (await cameraTime(file)) ?? pickedAt;
      const { blob } = await preparePhoto(file);
      await onPhoto({ kind, blob, at: taken.toISOString() });
    } catch (error) {
      setProblem(error instanceof PhotoError ? error.message : "The photo could not be added. Please try again.");
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="photo-picker">
      <div className="photo-picker__kinds" role="group" aria-label="Photo taken">
        {PHOTO_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className={`btn ${kind === k ? "btn-primary" : "btn-outline"}`}
            aria-pressed={kind === k}
            onClick={() => setKind(k)}
          >
            {PHOTO_KIND_LABELS[k]}
          </button>
        ))}
      </div>
      <input
        ref={input}
        id="job-photo"
        className="visually-hidden"
        type="file"
        accept="image/*"
        capture="environment"
        aria-label="Add Photo"
        tabIndex={-1}
        onChange={(e) => void picked(e)}
      />
      <button
        type="button"
        className="btn btn-accent photo-picker__add"
        disabled={adding}
        onClick={() => input.current?.click()}
      >
        {adding ? "Adding photo..." : "Add Photo"}
      </button>
      {problem && (
        <p className="banner banner-error photo-picker__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
