import { describe, expect, it } from "vitest";
import type { QueueItem } from "../../lib/offline-queue/db.ts";
import { ageText, itemWhat, syncText } from "./syncText.ts";

const MIN = 60_000;

describe("the shell's sync state", () => {
  it("says All sent, or how many wait with the oldest one's age, or what was refused", () => {
    const now = 10 * 60 * MIN;
    expect(syncText({ waiting: 0, refused: 0, oldestWaitingAt: null }, false, now)).toEqual({
      look: "sent",
      text: "All sent",
      age: null,
    });
    expect(syncText({ waiting: 3, refused: 1, oldestWaitingAt: now - 12 * MIN }, false, now)).toEqual({
      look: "waiting",
      text: "3 waiting to be sent",
      age: "oldest 12 min",
    });
    expect(syncText({ waiting: 0, refused: 2, oldestWaitingAt: null }, false, now)).toMatchObject({
      look: "refused",
      text: "2 not sent",
    });
  });

  it("never says All sent once the browser cleared the storage: an empty queue proves nothing then", () => {
    expect(syncText({ waiting: 0, refused: 0, oldestWaitingAt: null }, true, 0)).toMatchObject({
      look: "cleared",
      text: "Storage was cleared",
    });
  });

  it("tells an age in a few characters", () => {
    expect(ageText(20_000)).toBe("just now");
    expect(ageText(5 * MIN)).toBe("5 min");
    expect(ageText(120 * MIN)).toBe("2 h");
    expect(ageText(125 * MIN)).toBe("2 h 5 min");
    expect(ageText(26 * 60 * MIN)).toBe("1 day");
    expect(ageText(3 * 24 * 60 * MIN)).toBe("3 days");
  });

  it("names an item by its policy's label, else by its kind", () => {
    expect(itemWhat({ kind: "job", label: { what: "Before photo" } } as QueueItem)).toBe("Before photo");
    expect(itemWhat({ kind: "booking-status" } as QueueItem)).toBe("Booking status");
  });
});
