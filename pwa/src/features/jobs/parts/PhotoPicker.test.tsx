import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PhotoPicker, STORAGE_FULL } from "./PhotoPicker.tsx";

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

  it("refuses a new photo on a device nearly out of storage, and says what to do", async () => {
    estimate(990 * 1024 * 1024, 1000 * 1024 * 1024);
    const onPhoto = vi.fn(async () => undefined);
    render(<PhotoPicker onPhoto={onPhoto} />);
    choose();
    expect(await screen.findByRole("alert")).toHaveTextContent(STORAGE_FULL);
    expect(onPhoto).not.toHaveBeenCalled();
  });
});
