/**
 * Where a card picked up with the keyboard goes next: the arrows step between columns (lanes, day by day) and
 * between the slots of the time axis, and stop at the edges rather than wrapping.
 */
export interface Cell {
  column: number;
  row: number;
}

export function nextCell(cell: Cell, code: string, columns: number, rows: number): Cell | null {
  const clamp = (n: number, size: number) => Math.max(0, Math.min(size - 1, n));
  switch (code) {
    case "ArrowLeft":
      return { ...cell, column: clamp(cell.column - 1, columns) };
    case "ArrowRight":
      return { ...cell, column: clamp(cell.column + 1, columns) };
    case "ArrowUp":
      return { ...cell, row: clamp(cell.row - 1, rows) };
    case "ArrowDown":
      return { ...cell, row: clamp(cell.row + 1, rows) };
    default:
      return null;
  }
}
