import type { Booking } from "../bookings/booking.ts";
import type { Weekday } from "./rules.ts";

/**
 * The dispatch board: how long a job takes, when a technician works, how long the drive between two stops is,
 * and the shapes of GET /api/schedule/board, POST /api/bookings/{id}/move and POST /api/schedule/route.
 * The server decides every refusal with these functions; the board calls the same ones to draw.
 */

/** How long a service's job takes: minutes for the first unit and for each further one (edited in Settings). */
export interface ServiceWork {
  firstUnitMinutes: number;
  extraUnitMinutes: number;
}

/** A service without its own figures (a new one) takes this long. */
export const DEFAULT_SERVICE_WORK: ServiceWork = { firstUnitMinutes: 60, extraUnitMinutes: 30 };

/** What the eight seeded services take (migration 024 seeds the same): duct cleaning is long, a dryer vent short. */
export const SEEDED_SERVICE_WORK: Readonly<Record<string, ServiceWork>> = {
  "air-duct-cleaning": { firstUnitMinutes: 75, extraUnitMinutes: 15 },
  "dryer-vent-cleaning": { firstUnitMinutes: 45, extraUnitMinutes: 15 },
  "supply-vent-cleaning": { firstUnitMinutes: 30, extraUnitMinutes: 10 },
  "negative-pressure-machine": { firstUnitMinutes: 120, extraUnitMinutes: 45 },
  "brush-cleaning": { firstUnitMinutes: 90, extraUnitMinutes: 30 },
  "deep-cleaning": { firstUnitMinutes: 150, extraUnitMinutes: 45 },
  "chimney-cleaning": { firstUnitMinutes: 90, extraUnitMinutes: 30 },
  "hvac-system-cleaning": { firstUnitMinutes: 120, extraUnitMinutes: 30 },
};

/** A service's figures from the settings' table, or the default for a service without its own. */
export const serviceWorkOf = (table: Readonly<Record<string, ServiceWork>>, serviceId: string): ServiceWork =>
  table[serviceId] ?? DEFAULT_SERVICE_WORK;

/** Bounds the Settings form and the API both hold to. */
export const WORK_MINUTES_LIMITS = { min: 5, max: 600 } as const;
export const OVERRIDE_MINUTES_LIMITS = { min: 5, max: 720 } as const;

/**
 * A booking's duration: its own override when the office set one, else first unit + each further unit.
 * `units` below 1 counts as 1.
 */
export function jobMinutes(work: ServiceWork, units: number, overrideMinutes: number | null = null): number {
  if (overrideMinutes !== null) return overrideMinutes;
  return work.firstUnitMinutes + Math.max(0, Math.max(1, units) - 1) * work.extraUnitMinutes;
}

/** The drive settings: straight line × roadFactor at mph, rounded up to roundToMinutes, at least minMinutes. */
export interface TravelRules {
  roadFactor: number;
  mph: number;
  minMinutes: number;
}

export const DEFAULT_TRAVEL_RULES: TravelRules = { roadFactor: 1.3, mph: 30, minMinutes: 10 };

/** Bounds of the drive settings (Settings form and API). */
export const TRAVEL_LIMITS = {
  roadFactor: { min: 1, max: 3 },
  mph: { min: 5, max: 80 },
  minMinutes: { min: 0, max: 120 },
} as const;

export const TRAVEL_ROUND_MINUTES = 5;

/** Where a property is: its ZIP's centroid, or the business's own when the ZIP is unknown (`approximate`). */
export interface Place {
  lat: number;
  lng: number;
  /** The address key of the property (same key: same address, no drive). */
  addressKey: string;
  approximate: boolean;
}

const EARTH_RADIUS_MILES = 3958.8;
const radians = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles. */
export function straightMiles(a: Pick<Place, "lat" | "lng">, b: Pick<Place, "lat" | "lng">): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Minutes of driving from one stop to the next: 0 at the same address, else at least minMinutes. */
export function travelMinutes(from: Place, to: Place, rules: TravelRules = DEFAULT_TRAVEL_RULES): number {
  if (from.addressKey === to.addressKey) return 0;
  const minutes = ((straightMiles(from, to) * rules.roadFactor) / rules.mph) * 60;
  const rounded = Math.ceil(minutes / TRAVEL_ROUND_MINUTES - 1e-9) * TRAVEL_ROUND_MINUTES;
  return Math.max(rules.minMinutes, rounded);
}

/** A working day: from `start` to `end` (24-hour "HH:MM"); a job must start at or after start and end by end. */
export interface WorkingDay {
  start: string;
  end: string;
}

export interface TechnicianHours {
  /** Per weekday the working hours, or null on a day not worked. */
  week: Record<Weekday, WorkingDay | null>;
  /** Dates off ("YYYY-MM-DD"), sorted, each once. */
  daysOff: string[];
}

const WEEKDAY_HOURS: WorkingDay = { start: "07:00", end: "20:00" };

/** A technician nobody has set hours for works the business's default week (Saturday off) until 8 PM. */
export const DEFAULT_TECHNICIAN_HOURS: TechnicianHours = {
  week: {
    sunday: WEEKDAY_HOURS,
    monday: WEEKDAY_HOURS,
    tuesday: WEEKDAY_HOURS,
    wednesday: WEEKDAY_HOURS,
    thursday: WEEKDAY_HOURS,
    friday: WEEKDAY_HOURS,
    saturday: null,
  },
  daysOff: [],
};

/** "07:30" → 450. */
export const minutesOfDay = (hhmm: string): number => {
  const [h, m] = hhmm.split(":").map(Number);
  return h! * 60 + m!;
};

/** A technician lane of the board. */
export interface BoardTechnician {
  _id: string;
  name: string;
  color: string;
  hours: TechnicianHours;
}

/** A job on the board: the booking and what the board draws with it. */
export interface BoardBooking extends Booking {
  durationMinutes: number;
  /** The office's own duration for this one booking, or null when it follows the service. */
  durationOverrideMinutes: number | null;
  /** Minutes of driving from the technician's previous job that day; null for the first job or when unassigned. */
  travelMinutesBefore: number | null;
  /** The property's town ("Charlotte"), for the card. */
  town: string;
  /** The ZIP was not in the table: the business's own ZIP stood in for it. */
  locationApproximate: boolean;
  /** A service plan's visit to schedule: the plan's name, the card's label; null for any other booking. */
  planName: string | null;
}

/** GET /api/schedule/board?from=YYYY-MM-DD&to=YYYY-MM-DD (at most 7 days, both ends included). */
export interface ScheduleBoard {
  from: string;
  to: string;
  technicians: BoardTechnician[];
  bookings: BoardBooking[];
}

export const BOARD_MAX_DAYS = 7;

/** POST /api/bookings/{id}/move: technician, date and time in one change. */
export interface MoveRequest {
  technicianId: string | null;
  date: string;
  /** A slot label: "9:00 AM". */
  time: string;
  expectedVersion: number;
}

export const CONFLICT_KINDS = ["overlap", "travel", "hours", "capacity", "closed"] as const;
export type ConflictKind = (typeof CONFLICT_KINDS)[number];

/** The body of a refused move (409): the words, and what it ran into. */
export interface MoveRefusal {
  message: string;
  conflict: { kind: ConflictKind; bookingId?: string };
}

/** POST /api/schedule/route { technicianId, date }: a better order of that day, and the moves that make it. */
export interface RouteRequest {
  technicianId: string;
  date: string;
}

export interface RouteProposal {
  order: string[];
  minutesSaved: number;
  moves: ({ bookingId: string } & MoveRequest)[];
}

/**
 * POST /api/schedule/route/apply: the moves of a proposal, applied together (all or none) so that two jobs can
 * swap places; answers the moved bookings. A move whose expectedVersion is stale refuses the whole apply (409).
 */
export interface RouteApplyRequest {
  moves: RouteProposal["moves"];
}

export interface RouteApplied {
  bookings: Booking[];
}

/** PUT /api/bookings/{id}/duration: the office's own duration for one booking (null: follow the service again). */
export interface DurationOverrideRequest {
  minutes: number | null;
  expectedVersion: number;
}

/** A technician's hours as stored: their own week, or the default one while nobody set it. */
export const technicianHoursOf = (week: TechnicianHours["week"] | null, daysOff: string[] | null): TechnicianHours => ({
  week: week ?? DEFAULT_TECHNICIAN_HOURS.week,
  daysOff: daysOff ?? [],
});
