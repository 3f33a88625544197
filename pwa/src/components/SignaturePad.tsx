import { useEffect, useImperativeHandle, useRef, type PointerEvent, type Ref } from "react";
import "./SignaturePad.css";

export interface SignaturePadHandle {
  /** The signature as a PNG, dark ink on white (it prints and mails well); null when nothing is drawn. */
  toBlob(): Promise<Blob | null>;
  clear(): void;
}

type Point = { x: number; y: number };

const INK = "#10243a";
const LINE_WIDTH = 2.5;

/**
 * A pad the customer signs on with a finger, a stylus or a mouse (Pointer Events; the page does not scroll while
 * signing). Strokes are kept as points, so the drawing survives the pad being resized (a tablet turned).
 */
export function SignaturePad({
  onChange,
  disabled = false,
  label = "Customer signature",
  ref,
}: {
  onChange: (hasInk: boolean) => void;
  disabled?: boolean;
  /** What the pad is called, above it and to a screen reader. */
  label?: string;
  ref?: Ref<SignaturePadHandle>;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // In CSS pixels of the pad, relative to its size (0..1), so a resize redraws the same signature.
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef<Point[] | null>(null);

  const redraw = () => {
    const element = canvas.current;
    const context = element?.getContext("2d");
    if (!element || !context) return;
    const { width, height } = element;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    context.strokeStyle = INK;
    context.lineWidth = LINE_WIDTH * (window.devicePixelRatio || 1);
    context.lineCap = "round";
    context.lineJoin = "round";
    for (const stroke of strokes.current) drawStroke(context, stroke, width, height);
  };

  // Sharp on high-density screens: the bitmap follows the pad's size times the device pixel ratio.
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const fit = () => {
      const ratio = window.devicePixelRatio || 1;
      const { width, height } = element.getBoundingClientRect();
      element.width = Math.max(1, Math.round(width * ratio));
      element.height = Math.max(1, Math.round(height * ratio));
      redraw();
    };
    fit();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const clear = () => {
    strokes.current = [];
    drawing.current = null;
    redraw();
    onChange(false);
  };

  useImperativeHandle(ref, () => ({
    clear,
    toBlob: () =>
      new Promise((resolve) => {
        const element = canvas.current;
        if (!element || strokes.current.length === 0) return resolve(null);
        element.toBlob((blob) => resolve(blob), "image/png");
      }),
  }));

  const at = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: (event.clientX - box.left) / (box.width || 1), y: (event.clientY - box.top) / (box.height || 1) };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = [at(event)];
    strokes.current.push(drawing.current);
    redraw();
    onChange(true);
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current.push(at(event));
    redraw();
  };
  const end = () => {
    drawing.current = null;
  };

  return (
    <div className={`signature-pad${disabled ? " signature-pad--disabled" : ""}`}>
      <p className="field-label" aria-hidden="true">
        {label}
      </p>
      <canvas
        ref={canvas}
        className="signature-pad__canvas"
        role="img"
        aria-label={label}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <div className="signature-pad__foot">
        <span className="signature-pad__hint">Sign above</span>
        <button type="button" className="btn btn-outline" onClick={clear} disabled={disabled}>
          Clear
        </button>
      </div>
    </div>
  );
}

/** A smooth line through the points: quadratic curves from midpoint to midpoint. */
function drawStroke(context: CanvasRenderingContext2D, stroke: Point[], width: number, height: number) {
  const p = stroke.map(({ x, y }) => ({ x: x * width, y: y * height }));
  context.beginPath();
  context.moveTo(p[0]!.x, p[0]!.y);
  if (p.length === 1) context.lineTo(p[0]!.x + 0.1, p[0]!.y + 0.1);
  for (let i = 1; i < p.length - 1; i++) {
    const mid = { x: (p[i]!.x + p[i + 1]!.x) / 2, y: (p[i]!.y + p[i + 1]!.y) / 2 };
    context.quadraticCurveTo(p[i]!.x, p[i]!.y, mid.x, mid.y);
  }
  if (p.length > 1) context.lineTo(p.at(-1)!.x, p.at(-1)!.y);
  context.stroke();
}

/** A drawn signature as the API takes it: a PNG data URL (`data:image/png;base64,…`). */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The signature could not be read"));
    reader.readAsDataURL(blob);
  });
}
