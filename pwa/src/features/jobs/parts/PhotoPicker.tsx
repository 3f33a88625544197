import { defineMessages } from "@contracts/i18n/messages.ts";
import { PHOTO_KINDS, type PhotoKind } from "@contracts/visit/visit.ts";
import { useRef, useState, type ChangeEvent } from "react";
import { askPersistentStorage } from "../../../lib/deviceStorage/persistence.ts";
import { dropSentPhotos, formatBytes, photosThatFit, roomWarning } from "../../../lib/deviceStorage/room.ts";
import { PHOTO_KIND_MESSAGES } from "../../../components/visit/visitMessages.ts";
import { useTranslator } from "../../../lib/i18n/I18nProvider.tsx";
import { useDeviceRead } from "../../../lib/useDeviceRead.ts";
import { StorageWriteError } from "../../../lib/offline-queue/storageWrite.ts";
import { storageWords } from "../storageWords.ts";
import { cameraTime } from "./captureTime.ts";
import { PhotoError, preparePhoto } from "./preparePhoto.ts";
import "./PhotoPicker.css";

const messages = defineMessages({
  makeRoom: {
    id: "field.photo.makeRoom",
    defaultMessage:
      "Send the photos waiting (connect to the internet) or free space on this device, then take it again.",
    description: "Said with a refusal for lack of room: what the technician can do about it",
  },
  notAdded: { id: "field.photo.notAdded", defaultMessage: "The photo could not be added. Please try again." },
  notFreed: { id: "field.photo.notFreed", defaultMessage: "Space could not be freed on this device." },
  freed: {
    id: "field.photo.freed",
    defaultMessage: "Freed {size}: copies of photos already sent. Nothing waiting to be sent was removed.",
  },
  nothingToFree: {
    id: "field.photo.nothingToFree",
    defaultMessage:
      "No copies of sent photos to remove. Photos waiting to be sent are never removed: connect to send them.",
  },
  taken: { id: "field.photo.taken", defaultMessage: "Photo taken", description: "Group label of Before / After" },
  add: { id: "field.photo.add", defaultMessage: "Add Photo" },
  adding: { id: "field.photo.adding", defaultMessage: "Adding photo..." },
  freeSpace: { id: "field.photo.freeSpace", defaultMessage: "Free space" },
});

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
  const { t } = useTranslator();
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
      const stored = storageWords(cause, "photo", t) ?? storageWords(error, "photo", t);
      const full = [cause, error].some((e) => e instanceof StorageWriteError && e.reason === "quota");
      setNoRoom(stored !== null && full);
      setProblem(error instanceof PhotoError ? error.message : (stored ?? t(messages.notAdded)));
    } finally {
      setAdding(false);
      readRoom();
    }
  };

  const freeSpace = async () => {
    const bytes = await dropSentPhotos().catch(() => null);
    setFreed(
      bytes === null
        ? t(messages.notFreed)
        : bytes > 0
          ? t(messages.freed, { size: formatBytes(bytes) })
          : t(messages.nothingToFree),
    );
    readRoom();
  };

  return (
    <div className="photo-picker">
      <div className="photo-picker__kinds" role="group" aria-label={t(messages.taken)}>
        {PHOTO_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className={`btn ${kind === k ? "btn-primary" : "btn-outline"}`}
            aria-pressed={kind === k}
            onClick={() => setKind(k)}
          >
            {t(PHOTO_KIND_MESSAGES[k])}
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
        aria-label={t(messages.add)}
        tabIndex={-1}
        onChange={(e) => void picked(e)}
      />
      <button
        type="button"
        className="btn btn-accent photo-picker__add"
        disabled={adding}
        onClick={() => input.current?.click()}
      >
        {adding ? t(messages.adding) : t(messages.add)}
      </button>
      {warning && !problem && (
        <p className="banner photo-picker__room" role="status">
          {warning}
        </p>
      )}
      {problem && (
        <p className="banner banner-error photo-picker__problem" role="alert">
          {problem}
          {noRoom && <span className="photo-picker__advice"> {t(messages.makeRoom)}</span>}
        </p>
      )}
      {(warning || noRoom) && (
        <div className="photo-picker__free">
          <button type="button" className="btn btn-outline" onClick={() => void freeSpace()}>
            {t(messages.freeSpace)}
          </button>
          {freed && <span role="status">{freed}</span>}
        </div>
      )}
    </div>
  );
}
