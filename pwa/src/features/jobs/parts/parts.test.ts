import { describe, expect, it } from "vitest";
import { fitWithin } from "./fitWithin.ts";

describe("a photo's kept size", () => {
  it("scales the long side down to the limit and keeps the shape", () => {
    expect(fitWithin(4032, 3024, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(3000, 3000, 1600)).toEqual({ width: 1600, height: 1600 });
    expect(fitWithin(4000, 2251, 1600)).toEqual({ width: 1600, height: 900 });
  });

  it("never enlarges a small photo", () => {
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1600, 900, 1600)).toEqual({ width: 1600, height: 900 });
  });
});
