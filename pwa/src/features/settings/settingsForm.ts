import { WEEKDAYS, type Weekday } from "@contracts/schedule/rules.ts";
import { slotLabel } from "@contracts/schedule/dates.ts";
import { SERVICE_NAMES } from "@contracts/services/catalog.ts";
import type { Settings, SettingsProfile } from "@contracts/settings/settings.ts";
import { SettingsUpdateSchema, type SettingsUpdate } from "@contracts/settings/schemas.ts";
import * as v from "valibot";

/** The Settings screen's fields, as typed: text until saved, so a half-typed number is not lost or coerced. */
export interface SettingsFields {
  profile: Record<keyof SettingsProfile, string>;
  hours: Record<Weekday, { open: boolean; from: string; to: string }>;
  closedDates: { key: number; from: string; to: string; reason: string }[];
  slotCapacity: string;
  leadDays: string;
  horizonDays: string;
  discountTiers: { key: number; minUnits: string; percent: string }[];
  /** ZIP codes separated by commas, spaces or lines. */
  serviceAreaZips: string;
  reminders: { visit: boolean; rebook: boolean };
  /** Percent, as typed ("8.25"). */
  taxRatePercent: string;
  taxLabel: string;
  ratingEmail: boolean;
  reviewUrl: string;
  /** Each service's job minutes, as typed, in the order of the services' names. */
  serviceWork: { serviceId: string; name: string; first: string; extra: string }[];
  travel: { roadFactor: string; mph: string; minMinutes: string };
  tipsEnabled: boolean;
  /** The three tip percentages, as typed. */
  tipPercentPresets: [string, string, string];
  /** Percent, as typed; "0" for no deposit. */
  depositDefaultPercent: string;
}

/** How a part of the Settings form changes the fields. */
export type SettingsChange = (next: (fields: SettingsFields) => SettingsFields) => void;

/** What each panel of the Settings form is given. */
export interface SettingsPart {
  fields: SettingsFields;
  change: SettingsChange;
}

export const DAY_NAMES: Record<Weekday, string> = {
  sunday: "Sunday",
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
};

/** Every hour of the day, as the settings store it ("07:00") and as a customer reads it ("7:00 AM"). */
export const HOUR_OPTIONS = Array.from({ length: 24 }, (_, h) => ({
  value: `${String(h).padStart(2, "0")}:00`,
  label: slotLabel(h),
}));

let nextKey = 1;
const rowKey = () => nextKey++;

/** The lists of the form whose rows are added and removed one by one. */
type RowLists = Pick<SettingsFields, "closedDates" | "discountTiers">;
type Row<K extends keyof RowLists> = RowLists[K][number];

const BLANK_ROWS: { [K in keyof RowLists]: Omit<Row<K>, "key"> } = {
  closedDates: { from: "", to: "", reason: "" },
  discountTiers: { minUnits: "", percent: "" },
};

/** The fields with an empty row added at the end of `list`. */
export function addRow<K extends keyof RowLists>(f: SettingsFields, list: K): SettingsFields {
  return { ...f, [list]: [...f[list], { key: rowKey(), ...BLANK_ROWS[list] }] };
}

/** The fields with the row `key` of `list` changed by `next`, or removed when `next` is null. */
export function changeRow<K extends keyof RowLists>(
  f: SettingsFields,
  list: K,
  key: number,
  next: Partial<Row<K>> | null,
): SettingsFields {
  const rows: Row<K>[] = f[list];
  const changed =
    next === null ? rows.filter((r) => r.key !== key) : rows.map((r) => (r.key === key ? { ...r, ...next } : r));
  return { ...f, [list]: changed };
}

export function fieldsOf(s: Settings): SettingsFields {
  return {
    profile: { ...s.profile },
    hours: Object.fromEntries(
      WEEKDAYS.map((day) => {
        const open = s.hours[day];
        return [day, { open: open !== null, from: open?.open ?? "07:00", to: open?.close ?? "19:00" }];
      }),
    ) as SettingsFields["hours"],
    closedDates: s.closedDates.map((c) => ({ key: rowKey(), ...c })),
    slotCapacity: String(s.slotCapacity),
    leadDays: String(s.leadDays),
    horizonDays: String(s.horizonDays),
    discountTiers: s.discountTiers.map((t) => ({
      key: rowKey(),
      minUnits: String(t.minUnits),
      percent: String(t.percent),
    })),
    serviceAreaZips: s.serviceAreaZips.join(", "),
    reminders: { ...s.reminders },
    taxRatePercent: String(s.taxRatePercent),
    taxLabel: s.taxLabel,
    ratingEmail: s.ratingEmail,
    reviewUrl: s.reviewUrl,
    serviceWork: Object.entries(s.serviceWork)
      .map(([serviceId, work]) => ({
        serviceId,
        name: SERVICE_NAMES[serviceId] ?? serviceId,
        first: String(work.firstUnitMinutes),
        extra: String(work.extraUnitMinutes),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    travel: {
      roadFactor: String(s.travel.roadFactor),
      mph: String(s.travel.mph),
      minMinutes: String(s.travel.minMinutes),
    },
    tipsEnabled: s.tipsEnabled,
    tipPercentPresets: [0, 1, 2].map((i) => String(s.tipPercentPresets[i] ?? "")) as [string, string, string],
    depositDefaultPercent: String(s.depositDefaultPercent),
  };
}

/** A blank or non-numeric entry stays NaN, so that the schema refuses it instead of reading it as 0. */
const toNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The whole update the fields describe, checked by the schema the server uses: the update, or the first problem. */
export function updateOf(f: SettingsFields): { update: SettingsUpdate } | { problem: string } {
  const input = {
    profile: f.profile,
    hours: Object.fromEntries(
      WEEKDAYS.map((day) => [day, f.hours[day].open ? { open: f.hours[day].from, close: f.hours[day].to } : null]),
    ),
    closedDates: f.closedDates.map(({ from, to, reason }) => ({ from, to: to || from, reason })),
    slotCapacity: toNumber(f.slotCapacity),
    leadDays: toNumber(f.leadDays),
    horizonDays: toNumber(f.horizonDays),
    discountTiers: f.discountTiers.map((t) => ({ minUnits: toNumber(t.minUnits), percent: toNumber(t.percent) })),
    serviceAreaZips: f.serviceAreaZips.split(/[\s,;]+/).filter(Boolean),
    reminders: f.reminders,
    taxRatePercent: toNumber(f.taxRatePercent),
    taxLabel: f.taxLabel,
    ratingEmail: f.ratingEmail,
    reviewUrl: f.reviewUrl,
    serviceWork: Object.fromEntries(
      f.serviceWork.map((w) => [
        w.serviceId,
        { firstUnitMinutes: toNumber(w.first), extraUnitMinutes: toNumber(w.extra) },
      ]),
    ),
    travel: {
      roadFactor: toNumber(f.travel.roadFactor),
      mph: toNumber(f.travel.mph),
      minMinutes: toNumber(f.travel.minMinutes),
    },
    tipsEnabled: f.tipsEnabled,
    tipPercentPresets: f.tipPercentPresets.map(toNumber),
    depositDefaultPercent: toNumber(f.depositDefaultPercent),
  };
  const parsed = v.safeParse(SettingsUpdateSchema, input);
  return parsed.success ? { update: parsed.output } : { problem: parsed.issues[0].message };
}
