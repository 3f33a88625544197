import type { AffectedBooking, Settings } from "../../contracts/settings/settings.ts";
import { initialSettings } from "../../contracts/settings/settings.ts";
import { DEFAULT_TRAVEL_RULES } from "../../contracts/schedule/board.ts";
import { DEFAULT_REMINDERS } from "../../contracts/outbox/reminders.ts";
import { DEFAULT_PROFILE } from "../../contracts/settings/profile.ts";
import { jsonb, type Sql, type Tx } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";

/** A live booking on or after a date, as the Settings screen lists one that a change left on a closed day. */
export interface LiveBooking extends AffectedBooking {
  status: string;
}

export interface SettingsRepo {
  /** The settings; SPEC §9's defaults while no start has written the row yet. */
  get(): Promise<Settings>;
  /** The settings, locked for the rest of the transaction (two admins' saves queue instead of losing one). */
  getForUpdate(tx: Tx): Promise<Settings>;
  save(tx: Tx, settings: Settings): Promise<Settings>;
  /** Writes `initial` unless a row exists: the environment seeds the settings on the first start only. */
  seed(initial: Settings): Promise<boolean>;
  /** Pending and confirmed bookings from `date` on, by date and time. */
  liveBookingsFrom(tx: Tx, date: string): Promise<LiveBooking[]>;
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

interface SettingsRow {
  profile: Settings["profile"];
  hours: Settings["hours"];
  closed_dates: Settings["closedDates"];
  slot_capacity: number;
  lead_days: number;
  horizon_days: number;
  discount_tiers: Settings["discountTiers"];
  service_area_zips: Settings["serviceAreaZips"];
  reminders: Settings["reminders"];
  tax_rate_percent: number;
  tax_label: string;
  rating_email: boolean;
  review_url: string;
  service_work: Settings["serviceWork"];
  travel: Settings["travel"];
  tips_enabled: boolean;
  tip_percent_presets: number[];
  deposit_default_percent: string;
}

const toSettings = (r: SettingsRow): Settings => ({
  profile: r.profile,
  hours: r.hours,
  closedDates: r.closed_dates,
  slotCapacity: r.slot_capacity,
  leadDays: r.lead_days,
  horizonDays: r.horizon_days,
  // jsonb numbers come back as numbers; tiers are kept sorted by the schema.
  discountTiers: r.discount_tiers,
  serviceAreaZips: r.service_area_zips,
  reminders: { ...DEFAULT_REMINDERS, ...r.reminders },
  taxRatePercent: Number(r.tax_rate_percent),
  taxLabel: r.tax_label,
  ratingEmail: r.rating_email,
  reviewUrl: r.review_url,
  serviceWork: r.service_work,
  travel: { ...DEFAULT_TRAVEL_RULES, ...r.travel },
  tipsEnabled: r.tips_enabled,
  tipPercentPresets: r.tip_percent_presets,
  depositDefaultPercent: Number(r.deposit_default_percent),
});

const columns = (sql: Sql | Tx, s: Settings) => ({
  profile: jsonb(sql, s.profile),
  hours: jsonb(sql, s.hours),
  closed_dates: jsonb(sql, s.closedDates),
  slot_capacity: s.slotCapacity,
  lead_days: s.leadDays,
  horizon_days: s.horizonDays,
  discount_tiers: jsonb(sql, s.discountTiers),
  service_area_zips: jsonb(sql, s.serviceAreaZips),
  reminders: jsonb(sql, s.reminders),
  tax_rate_percent: s.taxRatePercent,
  tax_label: s.taxLabel,
  rating_email: s.ratingEmail,
  review_url: s.reviewUrl,
  service_work: jsonb(sql, s.serviceWork),
  travel: jsonb(sql, s.travel),
  tips_enabled: s.tipsEnabled,
  tip_percent_presets: jsonb(sql, s.tipPercentPresets),
  deposit_default_percent: s.depositDefaultPercent,
});

const FALLBACK = initialSettings(DEFAULT_PROFILE);

export function createSettingsRepo(sql: Sql): SettingsRepo {
  return {
    async get() {
      const [row] = await sql<SettingsRow[]>`select * from business_settings`;
      return row ? toSettings(row) : FALLBACK;
    },
    async getForUpdate(tx) {
      const [row] = await tx<SettingsRow[]>`select * from business_settings for update`;
      return row ? toSettings(row) : FALLBACK;
    },
    async save(tx, settings) {
      const values = columns(tx, settings);
      const [row] = await tx<SettingsRow[]>`
        insert into business_settings ${tx({ id: true, ...values })}
        on conflict (id) do update set ${tx(values)}, updated_at = date_trunc('milliseconds', now())
        returning *`;
      return toSettings(row!);
    },
    async seed(initial) {
      const rows = await sql`
        insert into business_settings ${sql({ id: true, ...columns(sql, initial) })}
        on conflict (id) do nothing
        returning id`;
      return rows.length > 0;
    },
    async liveBookingsFrom(tx, date) {
      return await tx<LiveBooking[]>`
        select id as "_id", cleaning_date::text as "cleaningDate", cleaning_time as "cleaningTime",
               first_name as "firstName", last_name as "lastName", status
        from bookings
        where cleaning_date >= ${date} and status in ('pending', 'confirmed')
        order by cleaning_date, created_at`;
    },
    transaction: (work) => transaction(sql, work),
  };
}
