import { describe, expect, it } from "vitest";
import { nextCell } from "./keyboard.ts";

describe("moving a picked-up card by keyboard", () => {
  const at = { column: 1, row: 2 };

  it("steps between lanes with left and right, and between slots with up and down", () => {
    expect(nextCell(at, "ArrowRight", 4, 13)).toEqual({ column: 2, row: 2 });
    expect(nextCell(at, "ArrowLeft", 4, 13)).toEqual({ column: 0, row: 2 });
    expect(nextCell(at, "ArrowDown", 4, 13)).toEqual({ column: 1, row: 3 });
    expect(nextCell(at, "ArrowUp", 4, 13)).toEqual({ column: 1, row: 1 });
  });

  it("stops at the board's edges rather than wrapping", () => {
    expect(nextCell({ column: 3, row: 12 }, "ArrowRight", 4, 13)).toEqual({ column: 3, row: 12 });
    expect(nextCell({ column: 3, row: 12 }, "ArrowDown", 4, 13)).toEqual({ column: 3, row: 12 });
    expect(nextCell({ column: 0, row: 0 }, "ArrowLeft", 4, 13)).toEqual({ column: 0, row: 0 });
    expect(nextCell({ column: 0, row: 0 }, "ArrowUp", 4, 13)).toEqual({ column: 0, row: 0 });
  });

  it("leaves other keys to the sensor (Space drops, Escape cancels)", () => {
    expect(nextCell(at, "Space", 4, 13)).toBeNull();
    expect(nextCell(at, "Escape", 4, 13)).toBeNull();
  });
});
