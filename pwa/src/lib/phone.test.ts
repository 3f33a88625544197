import { describe, expect, it } from "vitest";
import { formatPhone, phoneHref } from "./phone.ts";

describe("formatPhone", () => {
  it("writes a North American number in E.164 as (NPA) NXX-XXXX", () => {
    expect(formatPhone("+17045550131")).toBe("(704) 555-0131");
  });

  it("writes ten digits typed another way the same", () => {
    expect(formatPhone("704.555.0131")).toBe("(704) 555-0131");
    expect(formatPhone("1-704-555-0131")).toBe("(704) 555-0131");
  });

  it("leaves a number of another country, or one it cannot read, as stored", () => {
    expect(formatPhone("+442079460958")).toBe("+442079460958");
    expect(formatPhone("555-0131")).toBe("555-0131");
    expect(formatPhone("")).toBe("");
  });
});

describe("phoneHref", () => {
  it("dials the digits and the plus only", () => {
    expect(phoneHref("+1 (704) 555-0131")).toBe("tel:+17045550131");
  });
});
