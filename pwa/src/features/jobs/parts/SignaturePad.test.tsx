import { fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { SignaturePad, type SignaturePadHandle } from "./SignaturePad.tsx";

describe("SignaturePad", () => {
  it("is named for what it holds, takes ink from a pointer, and Clear empties it", async () => {
    const onChange = vi.fn();
    const pad = createRef<SignaturePadHandle>();
    render(<SignaturePad ref={pad} onChange={onChange} />);
    const canvas = screen.getByRole("img", { name: "Customer signature" });
    // jsdom has no canvas drawing (getContext is null): the pad must still follow the strokes.
    expect(await pad.current!.toBlob()).toBeNull();
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 40, clientY: 20, pointerId: 1 });
    fireEvent.pointerUp(canvas, { pointerId: 1 });
    expect(onChange).toHaveBeenLastCalledWith(true);
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(await pad.current!.toBlob()).toBeNull();
  });

  it("takes no ink while disabled (the customer is not present)", () => {
    const onChange = vi.fn();
    render(<SignaturePad onChange={onChange} disabled />);
    fireEvent.pointerDown(screen.getByRole("img", { name: "Customer signature" }), { clientX: 5, clientY: 5 });
    expect(onChange).not.toHaveBeenCalled();
  });
});
