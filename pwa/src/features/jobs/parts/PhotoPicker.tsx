import { PHOTO_KIND_LABELS, PHOTO_KINDS, type PhotoKind } from "@contracts/visit/visit.ts";
import { useRef, useState, type ChangeEvent } from "react";
import { askPersistentStorage } from "../../../lib/deviceStorage/persistence.ts";
import { dropSentPhotos, formatBytes, photosThatFit, roomWarning } from "../../../lib/deviceStorage/room.ts";
import { useDeviceRead } from "../../../lib/useDeviceRead.ts";
import { storageWords } from "../storageWords.ts";
import { cameraTime } from "./captureTime.ts";
import { PhotoError, preparePhoto } from "./preparePhoto.ts";
import "./PhotoPicker.css";

/** Said with a refusal for lack of room: what the technician can do about it. */
export const MAKE_ROOM =
  "Send the photos waiting (connect to the internet) or free space on this device, then take it again.";

/**
 * Before or After, then Add Photo: the camera (or the gallery) opens; the photo is scaled and re-encoded on the
 * device and handed to `onPhoto` to keep, with the time the camera says it was taken. Before the camera opens the
 * device's room is known: under room for 20 photos it warns, with a way to free space (the copies of photos
 * already sent; nothing unsent). A photo the device cannot keep is refused in words and never shown as saved.
 */
export function PhotoPicker({
  onPhoto,
}: {
  /** `at`: when it was taken, the camera's own time if the file has one. Rejects when it could not be kept. */
  onPhoto: (photo: { kind: PhotoKind; blob: Blob; at: string }) => Promise<void>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<PhotoKind>("before");
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [noRoom, setNoRoom] = useState(false);
  const [freed, setFreed] = useState<string | null>(null);

  // The room is read before the camera opens (the button's tap must open it at once, Safari allows no wait there).
  const room = useDeviceRead(photosThatFit);
  const warning = room.value === null ? null : roomWarning(room.value);
  const readRoom = room.again;

  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same photo may be picked again after a failure.
    event.target.value = "";
    if (!file) return;
    setProblem(null);
    setNoRoom(false);
    setFreed(null);
    setAdding(true);
    const pickedAt = new Date();
    try {
      void askPersistentStorage();
      const taken = (await cameraTime(file)) ?? pickedAt;
      const { blob } = await preparePhoto(file);
      await onPhoto({ kind, blob, at: taken.toISOString() });
    } catch (error) {
      const cause = (error as { cause?: unknown } | null)?.cause;
      const stored = storageWords(cause, "photo") ?? storageWords(error, "photo");
      setNoRoom(stored !== null && stored.startsWith("Not enough storage"));
      setProblem(
        error instanceof PhotoError ? error.message : (stored ?? "The photo could not be added. Please try again."),
      );
    } finally {
      setAdding(false);
      readRoom();
    }
  };

  const freeSpace = async () => {
    const bytes = await dropSentPhotos().catch(() => null);
    setFreed(
      bytes === null
        ? "Space could not be freed on this device."
        : bytes > 0
          ? `Freed ${formatBytes(bytes)}: copies of photos already sent. Nothing waiting to be sent was removed.`
          : "No copies of sent photos to remove. Photos waiting to be sent are never removed: connect to send them.",
    );
    readRoom();
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
      {warning && !problem && (
        <p className="banner photo-picker__room" role="status">
          {warning}
        </p>
      )}
      {problem && (
        <p className="banner banner-error photo-picker__problem" role="alert">
          {problem}
          {noRoom && <span className="photo-picker__advice"> {MAKE_ROOM}</span>}
        </p>
      )}
      {(warning || noRoom) && (
        <div className="photo-picker__free">
          <button type="button" className="btn btn-outline" onClick={() => void freeSpace()}>
            Free space
          </button>
          {freed && <span role="status">{freed}</span>}
        </div>
      )}
    </div>
  );
}
