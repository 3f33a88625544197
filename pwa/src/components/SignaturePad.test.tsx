import { act, fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sign, stubCanvas } from "../test/canvas.ts";
import { SignaturePad, type SignaturePadHandle } from "./SignaturePad.tsx";

afterEach(() => vi.unstubAllGlobals());

const pad = () => screen.getByRole("img", { name: "Customer signature" });

describe("SignaturePad", () => {
  it("is named for what it holds, takes ink from a pointer, and Clear empties it", async () => {
    const onChange = vi.fn();
    const handle = createRef<SignaturePadHandle>();
    render(<SignaturePad ref={handle} onChange={onChange} />);
    // happy-dom draws nothing (getContext is null): the pad must still follow the strokes.
    expect(await handle.current!.toBlob()).toBeNull();
    sign(pad());
    expect(onChange).toHaveBeenLastCalledWith(true);
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(await handle.current!.toBlob()).toBeNull();
  });

  it("draws the stroke in ink on white where the finger went, and gives it as a PNG", async () => {
    const canvas = stubCanvas({ width: 200, height: 100 });
    const handle = createRef<SignaturePadHandle>();
    render(<SignaturePad ref={handle} onChange={() => undefined} />);
    expect(canvas.drawing()).toMatchObject({ paper: "#ffffff", lines: [] });
    expect(await handle.current!.toBlob()).toBeNull();

    sign(pad(), [
      [20, 30],
      [60, 50],
      [100, 70],
    ]);
    const { paper, ink, lines } = canvas.drawing();
    expect(paper).toBe("#ffffff");
    expect(ink).toMatch(/^#/);
    expect(ink).not.toBe(paper);
    expect(lines).toHaveLength(1);
    expect(lines[0]![0]).toEqual([20, 30]);
    expect(lines[0]!.at(-1)).toEqual([100, 70]);
    const png = await handle.current!.toBlob();
    expect(png).toBeInstanceOf(Blob);
    expect(png!.type).toBe("image/png");
  });

  it("keeps each stroke, and Clear leaves a white pad with no ink", () => {
    const canvas = stubCanvas();
    render(<SignaturePad onChange={() => undefined} />);
    sign(pad(), [
      [10, 10],
      [50, 10],
    ]);
    sign(pad(), [
      [10, 60],
      [50, 60],
    ]);
    expect(canvas.drawing().lines).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(canvas.drawing()).toEqual({ paper: "#ffffff", lines: [], ink: null });
  });

  it("stays sharp on a high-density screen and keeps the signature when the pad is resized", () => {
    vi.stubGlobal("devicePixelRatio", 2);
    let resized = () => undefined as void;
    vi.stubGlobal(
      "ResizeObserver",
      class {
        constructor(callback: () => void) {
          resized = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const canvas = stubCanvas({ width: 200, height: 100 });
    render(<SignaturePad onChange={() => undefined} />);
    sign(pad(), [
      [20, 30],
      [100, 70],
    ]);
    // Two bitmap pixels per CSS pixel.
    expect(canvas.drawing().lines).toEqual([
      [
        [40, 60],
        [200, 140],
      ],
    ]);
    // A tablet turned: the same signature, drawn at the pad's new size.
    canvas.resize(400, 200);
    act(() => resized());
    expect(canvas.drawing().lines).toEqual([
      [
        [80, 120],
        [400, 280],
      ],
    ]);
  });

  it("takes no ink while disabled (the customer is not present)", () => {
    const onChange = vi.fn();
    const canvas = stubCanvas();
    render(<SignaturePad onChange={onChange} disabled />);
    sign(pad());
    expect(onChange).not.toHaveBeenCalled();
    expect(canvas.drawing().lines).toEqual([]);
  });
});
