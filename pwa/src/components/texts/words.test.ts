import { describe, expect, it } from "vitest";
import { statusText } from "./words.ts";

describe("a text's state in words", () => {
  it("names Twilio's error code and its meaning when the carrier refused it", () => {
    expect(statusText({ status: "failed", errorCode: 30005, errorText: "The number is unknown" })).toBe(
      "Failed: 30005 The number is unknown",
    );
  });

  it("says a text that never reached Twilio was not sent, and why", () => {
    expect(
      statusText({ status: "failed", errorCode: null, errorText: "A later change of the booking replaced it" }),
    ).toBe("Not sent: A later change of the booking replaced it");
    expect(statusText({ status: "failed", errorCode: null, errorText: "The number opted out of texts" })).toBe(
      "Not sent: The number opted out of texts",
    );
  });

  it("says the state alone when nothing went wrong", () => {
    expect(statusText({ status: "held", errorCode: null, errorText: null })).toBe("Held until 8 AM");
  });
});
