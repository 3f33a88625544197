import { describe, expect, it } from "vitest";
import { splitName } from "./bookVisit.ts";

describe("splitName", () => {
  it("takes the last word as the last name", () => {
    expect(splitName("Mary Ann Smith")).toEqual({ firstName: "Mary Ann", lastName: "Smith" });
    expect(splitName("  Jane   Doe ")).toEqual({ firstName: "Jane", lastName: "Doe" });
  });

  it("puts a one-word name (a company) in both, since the booking needs both", () => {
    expect(splitName("Acme")).toEqual({ firstName: "Acme", lastName: "Acme" });
  });
});
