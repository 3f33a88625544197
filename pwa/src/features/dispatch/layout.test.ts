import { DEFAULT_BOOKING_RULES } from "@contracts/schedule/rules.ts";
import { DEFAULT_TECHNICIAN_HOURS } from "@contracts/schedule/board.ts";
import { describe, expect, it } from "vitest";
import { makeBoardBooking, makeTechnician } from "../../test/staffFixtures.ts";
import {
  axisOf,
  boardDates,
  columnId,
  hoursText,
  layoutBoard,
  MIN_CARD_PX,
  PX_PER_MINUTE,
  rowAt,
  rowLabel,
  rowTop,
} from "./layout.ts";

const MONDAY = "2030-06-10";
const rules = DEFAULT_BOOKING_RULES;

describe("the board's days", () => {
  it("shows one day in the day view", () => {
    expect(boardDates("day", MONDAY, rules)).toEqual([MONDAY]);
  });

  it("shows five open days in the week view, stepping over the closed Saturday", () => {
    expect(boardDates("week", "2030-06-13", rules)).toEqual([
      "2030-06-13",
      "2030-06-14",
      "2030-06-16",
      "2030-06-17",
      "2030-06-18",
    ]);
  });
});

describe("the time axis", () => {
  it("runs from the first slot to the end of the technicians' day, one drop row per slot", () => {
    const axis = axisOf([MONDAY], [makeTechnician()], [], rules);
    expect(axis.startMinute).toBe(7 * 60);
    expect(axis.endMinute).toBe(20 * 60);
    expect(axis.rowHours).toHaveLength(13);
    expect(rowLabel(axis, 0)).toBe("7:00 AM");
    expect(rowLabel(axis, 12)).toBe("7:00 PM");
  });

  it("grows to hold a job that ends after everyone's hours", () => {
    const late = makeBoardBooking({ cleaningDate: MONDAY, cleaningTime: "7:00 PM", durationMinutes: 150 });
    expect(axisOf([MONDAY], [makeTechnician()], [late], rules).endMinute).toBe(22 * 60);
  });

  it("finds the slot nearest a card's top edge, and keeps it on the axis", () => {
    const axis = axisOf([MONDAY], [], [], rules);
    expect(rowAt(axis, rowTop(axis, 3))).toBe(3);
    expect(rowAt(axis, rowTop(axis, 3) + 20)).toBe(3);
    expect(rowAt(axis, rowTop(axis, 3) + 50)).toBe(4);
    expect(rowAt(axis, -200)).toBe(0);
    expect(rowAt(axis, 99_999)).toBe(12);
  });
});

describe("the lanes", () => {
  const ana = makeTechnician({ _id: "ana", name: "Ana Ruiz" });
  const ben = makeTechnician({
    _id: "ben",
    name: "Ben Ode",
    hours: { week: { ...DEFAULT_TECHNICIAN_HOURS.week, monday: { start: "09:00", end: "15:00" } }, daysOff: [] },
  });

  it("has Unassigned first, then a lane per technician in the server's order, each job in its own lane", () => {
    const jobs = [
      makeBoardBooking({ _id: "a", technicianId: "ana", cleaningDate: MONDAY }),
      makeBoardBooking({ _id: "u", technicianId: null, cleaningDate: MONDAY }),
      makeBoardBooking({ _id: "gone", technicianId: "former", cleaningDate: MONDAY }),
    ];
    const axis = axisOf([MONDAY], [ana, ben], jobs, rules);
    const { lanes, columns } = layoutBoard(axis, [MONDAY], [ana, ben], jobs);
    expect(lanes.map((l) => l.name)).toEqual(["Unassigned", "Ana Ruiz", "Ben Ode"]);
    const ids = (id: string) => columns.find((c) => c.id === id)!.cards.map((c) => c.booking._id);
    expect(ids(columnId("ana", MONDAY))).toEqual(["a"]);
    expect(ids(columnId("ben", MONDAY))).toEqual([]);
    // A job of a technician no longer active is not lost: it waits in Unassigned.
    expect(ids(columnId(null, MONDAY))).toEqual(["gone", "u"]);
  });

  it("makes a card as tall as its duration, placed at its start", () => {
    const job = makeBoardBooking({
      technicianId: "ana",
      cleaningDate: MONDAY,
      cleaningTime: "9:00 AM",
      durationMinutes: 90,
    });
    const axis = axisOf([MONDAY], [ana], [job], rules);
    const [card] = layoutBoard(axis, [MONDAY], [ana], [job]).columns[1]!.cards;
    expect(card!.top).toBe(120 * PX_PER_MINUTE);
    expect(card!.height).toBe(90 * PX_PER_MINUTE);
    const short = makeBoardBooking({ technicianId: "ana", cleaningDate: MONDAY, durationMinutes: 10 });
    expect(layoutBoard(axis, [MONDAY], [ana], [short]).columns[1]!.cards[0]!.height).toBe(MIN_CARD_PX);
  });

  it("sets overlapping jobs side by side and lets a later job have the whole width again", () => {
    const jobs = [
      makeBoardBooking({ _id: "x", cleaningDate: MONDAY, cleaningTime: "9:00 AM", durationMinutes: 120 }),
      makeBoardBooking({ _id: "y", cleaningDate: MONDAY, cleaningTime: "10:00 AM", durationMinutes: 60 }),
      makeBoardBooking({ _id: "z", cleaningDate: MONDAY, cleaningTime: "12:00 PM", durationMinutes: 60 }),
    ];
    const axis = axisOf([MONDAY], [], jobs, rules);
    const cards = layoutBoard(axis, [MONDAY], [], jobs).columns[0]!.cards;
    const box = (id: string) => cards.find((c) => c.booking._id === id)!;
    expect([box("x").left, box("x").width]).toEqual([0, 0.5]);
    expect([box("y").left, box("y").width]).toEqual([0.5, 0.5]);
    expect([box("z").left, box("z").width]).toEqual([0, 1]);
  });

  it("greys what is outside a technician's hours, and the whole day off", () => {
    const axis = axisOf([MONDAY], [ana, ben], [], rules);
    const { columns } = layoutBoard(axis, [MONDAY], [ana, ben], []);
    const benColumn = columns.find((c) => c.laneId === "ben")!;
    expect(benColumn.off).toBeNull();
    expect(benColumn.grey).toEqual([
      { top: 0, height: 120 * PX_PER_MINUTE },
      { top: 480 * PX_PER_MINUTE, height: 300 * PX_PER_MINUTE },
    ]);
    expect(columns.find((c) => c.laneId === "ana")!.grey).toEqual([]);

    const away = makeTechnician({ _id: "away", hours: { ...DEFAULT_TECHNICIAN_HOURS, daysOff: [MONDAY] } });
    const offColumn = layoutBoard(axis, [MONDAY], [away], []).columns[1]!;
    expect(offColumn.off).toBe("Day off");
    expect(offColumn.grey).toHaveLength(1);
    expect(layoutBoard(axis, ["2030-06-15"], [ana], []).columns[1]!.off).toBe("Not working");
  });

  it("writes the drive before each of a technician's jobs, and says when the gap is shorter than it", () => {
    const jobs = [
      makeBoardBooking({ _id: "1", technicianId: "ana", cleaningDate: MONDAY, cleaningTime: "9:00 AM" }),
      makeBoardBooking({
        _id: "2",
        technicianId: "ana",
        cleaningDate: MONDAY,
        cleaningTime: "11:00 AM",
        travelMinutesBefore: 25,
      }),
      makeBoardBooking({
        _id: "3",
        technicianId: "ana",
        cleaningDate: MONDAY,
        cleaningTime: "12:00 PM",
        travelMinutesBefore: 15,
      }),
    ];
    const axis = axisOf([MONDAY], [ana], jobs, rules);
    const drives = layoutBoard(axis, [MONDAY], [ana], jobs).columns[1]!.drives;
    expect(drives.map((d) => [d.bookingId, d.minutes, d.tight])).toEqual([
      ["2", 25, false],
      ["3", 15, true],
    ]);
  });
});

describe("a technician's hours in the lane's head", () => {
  it("reads as a clock range, or says the day is not worked", () => {
    expect(hoursText({ start: "07:30", end: "16:00" })).toBe("7:30 AM–4:00 PM");
    expect(hoursText(null)).toBe("Not working");
  });
});
