import { fireEvent } from "@testing-library/react";
import { vi } from "vitest";

// Test helpers only: happy-dom lays nothing out and draws nothing, so a canvas gets a size and a 2D context that
// keeps what was drawn on it.

type Point = [x: number, y: number];

/** What a 2D context was asked to draw since its last wipe (a fillRect over the whole bitmap). */
export interface Drawing {
  /** The colour of the last wipe: the paper. */
  paper: string | null;
  /** Each stroked line, as the points it went through. */
  lines: Point[][];
  /** The colour of the last line stroked. */
  ink: string | null;
}

/**
 * Every canvas measures `width` x `height` CSS pixels and draws into a context that records its lines; `drawing()`
 * reads what the last canvas to draw shows now.
 */
export function stubCanvas({ width = 200, height = 100 } = {}) {
  const box = { left: 0, top: 0, width, height };
  let drawing: Drawing = { paper: null, lines: [], ink: null };
  let path: Point[] = [];
  const context = {
    fillStyle: "",
    strokeStyle: "",
    lineWidth: 1,
    lineCap: "butt",
    lineJoin: "miter",
    setTransform: () => undefined,
    fillRect(this: { fillStyle: string }) {
      drawing = { paper: this.fillStyle, lines: [], ink: null };
    },
    beginPath: () => {
      path = [];
    },
    moveTo: (x: number, y: number) => path.push([x, y]),
    lineTo: (x: number, y: number) => path.push([x, y]),
    quadraticCurveTo: (_cx: number, _cy: number, x: number, y: number) => path.push([x, y]),
    stroke(this: { strokeStyle: string }) {
      drawing.lines.push(path);
      drawing.ink = this.strokeStyle;
    },
  };
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, "getBoundingClientRect").mockImplementation(
    () => ({ ...box, x: box.left, y: box.top, right: box.width, bottom: box.height, toJSON: () => box }) as DOMRect,
  );
  return {
    drawing: () => drawing,
    /** The canvas takes a new size (a tablet turned); its ResizeObserver must then be told. */
    resize(w: number, h: number) {
      box.width = w;
      box.height = h;
    },
  };
}

/** One stroke of a finger through `points` (CSS pixels from the canvas's top left). */
export function sign(
  canvas: HTMLElement,
  points: Point[] = [
    [20, 30],
    [60, 50],
    [100, 70],
  ],
) {
  const [[x, y], ...rest] = points as [Point, ...Point[]];
  fireEvent.pointerDown(canvas, { clientX: x, clientY: y, pointerId: 1 });
  for (const [mx, my] of rest) fireEvent.pointerMove(canvas, { clientX: mx, clientY: my, pointerId: 1 });
  fireEvent.pointerUp(canvas, { pointerId: 1 });
}
