import type { AuditRepo } from "../../db/audit.ts";
import type { Sql } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import type { TextKind } from "../../contracts/texts/texts.ts";
import { countSegments } from "../../contracts/texts/segments.ts";
import { onceUnlessFailed } from "../../platform/once.ts";
import { type Channel, type DueMessage, NotSent, NotYet } from "../channel.ts";
import { REPLACED_REMINDER, reminderSwitches } from "../reminders/policy.ts";
import { optOutByCarrier } from "./carrier-opt-out.ts";
import { UNSUBSCRIBED_RECIPIENT } from "./errors.ts";
import type { SmsMessage } from "./plan.ts";
import { quietUntil } from "./quiet-hours.ts";
import type { TextsStore } from "./texts.ts";
import { SmsRefused, type SmsSender } from "./twilio.ts";

/**
 * Texts that answer the customer or that they wait for at the door: never held by the quiet hours. "On my way" is
 * only sent while a technician works; a reply answers a text the customer just sent.
 */
const NEVER_HELD = new Set<TextKind>(["on-my-way", "office-reply", "keyword-reply", "manage-link"]);

/** Kinds sent whatever the consent: the one answer a STOP, START or HELP gets, as carriers require. */
const ANSWERS = new Set<TextKind>(["keyword-reply"]);

export interface SmsChannelOptions {
  sql: Sql;
  sender: SmsSender;
  texts: TextsStore;
  audit: AuditRepo;
  /** The business's time zone: the quiet hours are its 9 PM to 8 AM. */
  timeZone: string;
  /** The quiet hours as configured (null: none). */
  quietHours: { fromHour: number; untilHour: number } | null;
  /** `{PUBLIC_URL}/api/webhooks/twilio/status`: where Twilio reports each text's delivery. */
  statusCallback: string;
  now: () => Date;
}

/**
 * Text messages through Twilio. When a text falls due, consent decides (a number with no consent, or opted out, is
 * never texted, whatever it was when the text was ordered); in the quiet hours it is held until 8 AM; a 4xx from
 * Twilio is never retried (21610 also opts the number out), a 5xx or a network error is retried by the engine.
 */
export function smsChannel(options: SmsChannelOptions): Channel {
  const { sql, sender, texts } = options;

  /** The customer whose consent counts: the one the order named, else the booking's (linked after the order). */
  const customerOf = async (row: DueMessage, message: SmsMessage) => {
    if (message.customerId) return message.customerId;
    if (!row.booking_id) return null;
    const [booking] = await sql<{ customer_id: string | null }[]>`
      select customer_id from bookings where id = ${row.booking_id}`;
    return booking?.customer_id ?? null;
  };

  return {
    batch() {
      const switches = onceUnlessFailed(reminderSwitches(sql));
      const customers = new Map<string, string | null>();
      /** Why a text that fell due is not sent, or null to send it. */
      const dropReason = async (row: DueMessage): Promise<string | null> => {
        const message = row.message as SmsMessage;
        if (row.kind === "visit-reminder") {
          // A change of the booking deletes its pending reminders, also one claimed and held here.
          const [kept] = await sql`select 1 from outbox where id = ${row.id}`;
          if (!kept) return REPLACED_REMINDER;
          if (!(await switches()).visit) return "Visit reminders are turned off in Settings";
        }
        if (row.kind === "on-my-way" && row.booking_id) {
          const [booking] = await sql<{ visit_stage: string }[]>`
              select visit_stage from bookings where id = ${row.booking_id}`;
          if (booking && (booking.visit_stage === "on_site" || booking.visit_stage === "completed")) {
            return "The technician had already arrived";
          }
        }
        if (ANSWERS.has(message.kind)) return null;
        if (await texts.numberOptedOut(message.phone)) return "The number opted out of texts";
        const customerId = await customerOf(row, message);
        customers.set(row.id, customerId);
        if (!customerId) return "No customer record holds consent for this number";
        const { consent } = await texts.consentOf(customerId, message.phone);
        return consent === "granted" ? null : "The customer has not agreed to texts";
      };
      return {
        async drop(row, now) {
          const reason = await dropReason(row);
          // A text already on record (an office reply shown queued, a text held at night) ends with the reason.
          if (reason) await texts.recordNotSent(sql, { outboxId: row.id, reason, at: now });
          return reason;
        },
        async send(row) {
          const message = row.message as SmsMessage;
          const now = options.now();
          const record = {
            outboxId: row.id,
            customerId: customers.get(row.id) ?? message.customerId,
            bookingId: row.booking_id,
            kind: message.kind,
            phone: message.phone,
            body: message.body,
            segments: countSegments(message.body).segments,
            staffName: message.staffName ?? null,
            at: now,
          };
          const until =
            NEVER_HELD.has(message.kind) || !options.quietHours
              ? null
              : quietUntil(now, options.timeZone, options.quietHours);
          if (until) {
            await texts.recordOutbound(sql, { ...record, status: "held" });
            throw new NotYet(until);
          }
          try {
            const accepted = await sender.send({
              to: message.phone,
              body: message.body,
              statusCallback: options.statusCallback,
            });
            await texts.recordOutbound(sql, {
              ...record,
              status: accepted.status === "sent" ? "sent" : "queued",
              segments: accepted.segments,
              sid: accepted.sid,
            });
          } catch (error) {
            if (!(error instanceof SmsRefused)) throw error;
            await transaction(sql, async (tx) => {
              await texts.recordOutbound(tx, { ...record, status: "failed", errorCode: error.code });
              if (error.code === UNSUBSCRIBED_RECIPIENT) await optOutByCarrier(tx, options, message.phone, now);
            });
            throw new NotSent(`Twilio refused the text (${error.code ?? "no code"}): ${error.message}`);
          }
        },
      };
    },
  };
}
