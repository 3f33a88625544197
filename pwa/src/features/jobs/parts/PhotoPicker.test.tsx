import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StorageWriteError } from "../../../lib/offline-queue/storageWrite.ts";
import { PhotoPicker } from "./PhotoPicker.tsx";

const prepared = vi.hoisted(() => ({ blob: new Blob(["jpeg"], { type: "image/jpeg" }) }));
vi.mock("./preparePhoto.ts", async (original) => ({
  ...(await original<typeof import("./preparePhoto.ts")>()),
  preparePhoto: vi.fn(async () => ({ blob: prepared.blob, width: 1600, height: 1200 })),
}));

function estimate(usage: number, quota: number) {
  vi.stubGlobal("navigator", {
    ...navigator,
    storage: { estimate: async () => ({ usage, quota }), persist: async () => true },
  });
}

afterEach(() => vi.unstubAllGlobals());

const choose = () =>
  fireEvent.change(screen.getByLabelText("Add Photo"), {
    target: { files: [new File(["raw"], "IMG_0001.jpg", { type: "image/jpeg" })] },
  });

describe("PhotoPicker", () => {
  it("hands the prepared photo on with the kind chosen, Before unless After is pressed", async () => {
    estimate(0, 10_000 * 1024 * 1024);
    const onPhoto = vi.fn(async () => undefined);
    render(<PhotoPicker onPhoto={onPhoto} />);
    expect(screen.getByRole("button", { name: "Before" })).toHaveAttribute("aria-pressed", "true");
    choose();
    // A photo without the camera's time is dated when it was picked.
    await waitFor(() =>
      expect(onPhoto).toHaveBeenCalledWith({ kind: "before", blob: prepared.blob, at: expect.any(String) }),
    );
    fireEvent.click(screen.getByRole("button", { name: "After" }));
    choose();
    await waitFor(() =>
      expect(onPhoto).toHaveBeenLastCalledWith({ kind: "after", blob: prepared.blob, at: expect.any(String) }),
    );
  });

  it("warns before the camera opens when less than room for 20 photos is left, and still takes the photo", async () => {
    estimate(991 * 1024 * 1024, 1000 * 1024 * 1024);
    const onPhoto = vi.fn(async () => undefined);
    render(<PhotoPicker onPhoto={onPhoto} />);
    expect(await screen.findByRole("status")).toHaveTextContent("Storage almost full: about 18 more photos");
    estimate(998 * 1024 * 1024, 1000 * 1024 * 1024);
    choose();
    await waitFor(() => expect(onPhoto).toHaveBeenCalledTimes(1));
    expect(await screen.findByText("Storage almost full: about 4 more photos")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Free space" })).toBeInTheDocument();
  });

  it("says nothing while there is room for 20 photos or more", async () => {
    estimate(0, 10_000 * 1024 * 1024);
    render(<PhotoPicker onPhoto={vi.fn(async () => undefined)} />);
    choose();
    await waitFor(() => expect(screen.getByRole("button", { name: "Add Photo" })).toBeEnabled());
    expect(screen.queryByText(/Storage almost full/)).not.toBeInTheDocument();
  });

  it("refuses in words a photo the device had no room to keep, and says how to make room", async () => {
    estimate(0, 10_000 * 1024 * 1024);
    const full = new StorageWriteError("quota", new DOMException("full", "QuotaExceededError"));
    render(<PhotoPicker onPhoto={vi.fn(async () => Promise.reject(new Error("kept?", { cause: full })))} />);
    choose();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      "Not enough storage on this device to keep this photo. Send the photos waiting (connect to the internet) " +
        "or free space on this device, then take it again.",
    );
    expect(screen.getByRole("button", { name: "Free space" })).toBeInTheDocument();
  });
});
