import type { Locale } from "../../contracts/i18n/locales.ts";
import type { TwilioConfig } from "../../config.ts";
import type { Booking } from "../../contracts/bookings/booking.ts";
import { managePath } from "../../contracts/bookings/manage.ts";
import type { Actor } from "../../contracts/common/actor.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import { todayIn } from "../../contracts/schedule/dates.ts";
import {
  type SmsConsent,
  type SmsConsentSource,
  type TextMessage,
  type TextStatus,
} from "../../contracts/texts/texts.ts";
import { countSegments } from "../../contracts/texts/segments.ts";
import type { AuditRepo } from "../../db/audit.ts";
import type { Sql, Tx } from "../../db/client.ts";
import { transaction } from "../../db/transaction.ts";
import { Conflict, NotFound } from "../../errors.ts";
import type { Outbox } from "../../outbox/outbox.ts";
import type { OutboxOrder } from "../../outbox/orders.ts";
import {
  confirmedText,
  helpText,
  manageLinkText,
  nothingToConfirmText,
  startText,
  stopText,
} from "../../outbox/sms/bodies.ts";
import { type ShortLink, shortCode, type SmsMessage } from "../../outbox/sms/plan.ts";
import type { TextsStore } from "../../outbox/sms/texts.ts";
import { optOutByCarrier } from "../../outbox/sms/carrier-opt-out.ts";
import { UNSUBSCRIBED_RECIPIENT } from "../../outbox/sms/errors.ts";
import type { Clock } from "../../platform/clock.ts";
import { toE164 } from "../../platform/phones.ts";
import type { RealtimeEmitter } from "../../realtime/emitter.ts";
import { smsDisclosureIn } from "./disclosure.ts";
import { keywordOf } from "./keywords.ts";
import type { TextsRepo } from "./repo.ts";

export const TEXTS_MESSAGES = {
  customerNotFound: "Customer not found",
  noPhone: "This customer has no phone number to text",
  optedOut: "This customer replied STOP: texts to their number are blocked until they reply START.",
  noConsent: "This customer has not agreed to texts. Ask them first, and record their consent.",
  notSetUp: "Text messages are not set up",
} as const;

export interface TextsServiceDeps {
  sql: Sql;
  texts: TextsStore;
  repo: TextsRepo;
  outbox: Outbox;
  audit: Pick<AuditRepo, "record">;
  realtime: RealtimeEmitter;
  clock: Clock;
  twilio: TwilioConfig | null;
  publicUrl: string;
  businessTz: string;
  profile: () => Promise<BusinessProfile>;
  /** A booking as it is now. */
  booking: (id: string) => Promise<Booking | null>;
  /** The customer's "C": their visit confirmed through the booking command, as them. */
  confirm: (bookingId: string, actor: Actor) => Promise<Booking>;
}

/** A delivery state as Twilio's callbacks name it, or null for one we do not track (accepted, sending, ...). */
const TRACKED: ReadonlySet<string> = new Set<TextStatus>(["queued", "sent", "delivered", "undelivered", "failed"]);

/**
 * Texts: consent kept as evidence, the customer's texts in (keywords answered, the rest to the office, live), the
 * office's replies out, and Twilio's delivery reports. Everything sent goes through the outbox, in the transaction
 * of the change that calls for it.
 */
export function textsService(deps: TextsServiceDeps) {
  const { sql, texts, repo, outbox, audit, realtime, clock } = deps;

  const write = async (tx: Tx, orders: OutboxOrder[]) => {
    if (orders.length > 0) await outbox.write(tx, orders);
  };

  const answer = (phone: string, body: string, customerId: string | null, links: ShortLink[] = []): OutboxOrder => {
    const text: SmsMessage = { kind: "keyword-reply", body, phone, customerId };
    return { kind: "text", text, bookingId: null, links };
  };

  const customerOrThrow = async (id: string) => {
    const customer = await repo.customer(id);
    if (!customer) throw new NotFound(TEXTS_MESSAGES.customerNotFound);
    return customer;
  };

  const consentChange = async (
    customerId: string,
    change: { consent: "granted" | "none"; disclosure?: string },
    source: SmsConsentSource,
    actor: Actor,
  ): Promise<SmsConsent> => {
    const phone = await texts.phoneOf(customerId);
    if (!phone) throw new Conflict(TEXTS_MESSAGES.noPhone);
    const staffName = source === "office" ? actor.name : null;
    await transaction(sql, async (tx) => {
      const before = await texts.consentOf(customerId, phone, tx);
      // Opted out by STOP: only the customer's START (or the portal, theirs) turns it back on, never the office.
      if (before.consent === "opted-out" && change.consent === "granted" && source === "office") {
        throw new Conflict(TEXTS_MESSAGES.optedOut);
      }
      const at = clock.now();
      await texts.setConsent(tx, {
        customerId,
        phone,
        state: change.consent,
        source,
        staffName,
        disclosure: change.consent === "granted" ? (change.disclosure ?? null) : null,
        at,
      });
      await audit.record(tx, {
        actor,
        entityType: "customer",
        entityId: customerId,
        action: "sms_consent",
        before: { consent: before.consent },
        after: { phone, consent: change.consent, source, disclosure: change.disclosure ?? null },
      });
    });
    return await texts.consentOf(customerId, phone);
  };

  /** The customer's next visit (for C and R), as a Booking with its manage token. */
  const nextVisit = async (customerId: string | null) => {
    if (!customerId) return null;
    const next = await repo.nextVisit(customerId, todayIn(deps.businessTz, clock.now()));
    const booking = next ? await deps.booking(next.id) : null;
    return next && booking ? { booking, manageToken: next.manageToken } : null;
  };

  return {
    configured: () => deps.twilio !== null,

    bookingExists: async (id: string) => /^[0-9a-f-]{36}$/i.test(id) && (await deps.booking(id)) !== null,

    async consent(customerId: string): Promise<SmsConsent> {
      await customerOrThrow(customerId);
      return await texts.consentOf(customerId, await texts.phoneOf(customerId));
    },

    changeConsent: async (
      customerId: string,
      change: { consent: "granted" | "none"; disclosure?: string },
      source: SmsConsentSource,
      actor: Actor,
    ) => {
      await customerOrThrow(customerId);
      return await consentChange(customerId, change, source, actor);
    },

    /** Consent given on the booking form, in the booking's transaction: the disclosure the form showed, in its language. */
    async grantFromBookingForm(
      tx: Tx,
      booking: { customerId: string | null; contactNumber: string; email: string },
      locale: Locale = "en",
    ) {
      const phone = toE164(booking.contactNumber);
      if (!booking.customerId || !phone) return;
      const profile = await deps.profile();
      const disclosure = smsDisclosureIn(profile.name, locale);
      const at = clock.now();
      await texts.setConsent(tx, {
        customerId: booking.customerId,
        phone,
        state: "granted",
        source: "booking-form",
        disclosure,
        at,
      });
      await audit.record(tx, {
        actor: { kind: "customer", id: null, name: booking.email, email: booking.email },
        entityType: "customer",
        entityId: booking.customerId,
        action: "sms_consent",
        before: {},
        after: { phone, consent: "granted", source: "booking-form", disclosure },
      });
    },

    /** The office's reply: refused in words when the number opted out or never agreed, or texts are not set up. */
    async reply(customerId: string, body: string, actor: Actor): Promise<TextMessage> {
      await customerOrThrow(customerId);
      if (!deps.twilio) throw new Conflict(TEXTS_MESSAGES.notSetUp);
      const phone = await texts.phoneOf(customerId);
      if (!phone) throw new Conflict(TEXTS_MESSAGES.noPhone);
      const { consent } = await texts.consentOf(customerId, phone);
      if (consent === "opted-out" || (await texts.numberOptedOut(phone))) throw new Conflict(TEXTS_MESSAGES.optedOut);
      if (consent !== "granted") throw new Conflict(TEXTS_MESSAGES.noConsent);
      const message = await transaction(sql, async (tx) => {
        const text: SmsMessage = { kind: "office-reply", body, phone, customerId, staffName: actor.name };
        const outboxId = crypto.randomUUID();
        await outbox.write(tx, [{ kind: "text", text, bookingId: null, id: outboxId }]);
        // Shown in the conversation at once, queued; the channel and the delivery reports move it on.
        return await texts.recordOutbound(tx, {
          outboxId,
          customerId,
          bookingId: null,
          kind: "office-reply",
          phone,
          body,
          status: "queued",
          segments: countSegments(body).segments,
          staffName: actor.name,
          at: clock.now(),
        });
      });
      outbox.wake();
      realtime.textMessage({ message });
      return message;
    },

    /**
     * A customer's text (already verified as Twilio's): stored once per MessageSid; a keyword is acted on and
     * answered, anything else goes to the office, live and by push. Answers whether it was new.
     */
    async receive(params: Record<string, string>): Promise<boolean> {
      const phone = toE164(params.From ?? "") ?? params.From ?? "";
      const sid = params.MessageSid ?? params.SmsSid ?? "";
      const body = (params.Body ?? "").slice(0, 1600);
      if (!sid || !phone) return false;
      const keyword = keywordOf(body);
      const profile = await deps.profile();
      const customerId = await texts.customerOfPhone(phone);
      // C and R act on the next visit: read before the transaction that records the text.
      const visit = keyword === "confirm" || keyword === "manage" ? await nextVisit(customerId) : null;
      const customer = customerId ? await repo.customer(customerId) : null;
      // Keywords are answered in the customer's language; a number on no record, in English.
      const locale = customer?.locale ?? "en";
      const now = clock.now();
      const stored = await transaction(sql, async (tx) => {
        const message = await texts.recordInbound(tx, { sid, customerId, phone, body, at: now });
        if (!message) return null;
        const orders: OutboxOrder[] = [];
        const auditKeyword = async (after: object) => {
          if (!customerId) return;
          await audit.record(tx, {
            actor: { kind: "customer", id: null, name: phone, email: "" },
            entityType: "customer",
            entityId: customerId,
            action: "sms_keyword",
            before: {},
            after: { phone, keyword: body.trim().toUpperCase(), ...after },
          });
        };
        switch (keyword) {
          case "stop": {
            const already = await texts.numberOptedOut(phone, tx);
            await texts.setNumber(tx, phone, "opted-out", "keyword", now);
            await auditKeyword({ consent: "opted-out" });
            // Answered once: a STOP sent again gets no second answer.
            if (!already) orders.push(answer(phone, stopText(profile.name, locale), customerId));
            break;
          }
          case "start":
            await texts.setNumber(tx, phone, "granted", "keyword", now);
            await auditKeyword({ consent: "granted" });
            orders.push(answer(phone, startText(profile.name, locale), customerId));
            break;
          case "help":
            await auditKeyword({});
            orders.push(answer(phone, helpText(profile.name, profile.phone, locale), customerId));
            break;
          case "confirm":
          case "manage":
            await auditKeyword({ bookingId: visit?.booking._id ?? null });
            break;
          case null:
            if (message.customerId) {
              orders.push({ kind: "text-received", message, customerName: customer?.name ?? phone });
            }
        }
        await write(tx, orders);
        return message;
      });
      if (!stored) return false;
      if (keyword === "confirm" || keyword === "manage") {
        await actOnVisit(keyword, phone, customerId, visit, profile, locale);
      }
      outbox.wake();
      // Live to the office also from a number on no customer's record: it is listed apart, for the office to read.
      realtime.textMessage({ message: stored });
      return true;
    },

    /** A delivery report: the text moves on (never back); 21610 opts the number out. */
    async status(params: Record<string, string>): Promise<void> {
      const sid = params.MessageSid ?? params.SmsSid ?? "";
      const status = params.MessageStatus ?? params.SmsStatus ?? "";
      if (!sid || !TRACKED.has(status)) return;
      const errorCode = params.ErrorCode ? Number(params.ErrorCode) : null;
      const now = clock.now();
      const message = await transaction(sql, async (tx) => {
        const updated = await texts.recordStatus(tx, {
          sid,
          status: status as TextStatus,
          errorCode: Number.isInteger(errorCode) ? errorCode : null,
          at: now,
        });
        if (updated && errorCode === UNSUBSCRIBED_RECIPIENT) await optOutByCarrier(tx, deps, updated.phone, now);
        return updated;
      });
      if (message?.customerId) realtime.textMessage({ message });
    },
  };

  /** "C" confirms the next visit through the booking command; "R" answers with its manage link. */
  async function actOnVisit(
    keyword: "confirm" | "manage",
    phone: string,
    customerId: string | null,
    visit: { booking: Booking; manageToken: string } | null,
    profile: BusinessProfile,
    locale: Locale,
  ) {
    let reply: OutboxOrder;
    if (!visit) {
      reply = answer(phone, nothingToConfirmText(profile.name, profile.phone, locale), customerId);
    } else if (keyword === "confirm") {
      const booking =
        visit.booking.status === "confirmed"
          ? visit.booking
          : await deps.confirm(visit.booking._id, {
              kind: "customer",
              id: null,
              name: visit.booking.email,
              email: visit.booking.email,
            });
      reply = answer(phone, confirmedText(profile.name, booking, locale), customerId);
    } else {
      const code = shortCode();
      const link = `${deps.publicUrl}/t/${code}`;
      const text: SmsMessage = {
        kind: "manage-link",
        body: manageLinkText(profile.name, visit.booking, link, locale),
        phone,
        customerId,
      };
      reply = {
        kind: "text",
        text,
        bookingId: visit.booking._id,
        links: [{ code, url: `${deps.publicUrl}${managePath(visit.manageToken)}` }],
      };
    }
    await transaction(sql, (tx) => write(tx, [reply]));
  }
}

export type TextsService = ReturnType<typeof textsService>;
