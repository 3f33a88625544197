import { type Context, Hono, type MiddlewareHandler } from "hono";
import * as v from "valibot";
import { staffActor } from "../../contracts/common/actor.ts";
import { cursorField, limitField, pageQueryFields } from "../../contracts/common/paging.ts";
import { MAX_SEGMENTS, type TextsSetup, type UnreadTexts } from "../../contracts/texts/texts.ts";
import { countSegments } from "../../contracts/texts/segments.ts";
import { PORTAL_MESSAGES } from "../../contracts/portal/portal.ts";
import { BadRequest, Forbidden, NotFound } from "../../errors.ts";
import { webhookEvents } from "../../platform/metrics.ts";
import type { AppEnv } from "../../http/env.ts";
import { publicRoute } from "../../http/roles.ts";
import { validateJson, validateQuery } from "../../http/validate.ts";
import type { TextsStore } from "../../outbox/sms/texts.ts";
import { validTwilioSignature } from "../../outbox/sms/twilio.ts";
import type { Clock } from "../../platform/clock.ts";
import type { TextsRepo } from "./repo.ts";
import type { TextsService } from "./service.ts";

export const BAD_SIGNATURE = "The request is not signed by Twilio";
export const REPLY_TOO_LONG = `A text may take at most ${MAX_SEGMENTS} segments (306 plain characters, 134 with emoji)`;

const ConsentChangeSchema = v.object({
  consent: v.picklist(["granted", "none"], "consent must be granted or none"),
  disclosure: v.optional(
    v.pipe(
      v.string("disclosure must be text"),
      v.trim(),
      v.nonEmpty("disclosure must not be empty"),
      v.maxLength(2000),
    ),
  ),
});

/** Granting needs the disclosure read or shown to the person: consent is kept as evidence. */
const GrantSchema = v.pipe(
  ConsentChangeSchema,
  v.check((c) => c.consent !== "granted" || !!c.disclosure, "disclosure is required when granting consent"),
);

const ReplySchema = v.object({
  body: v.pipe(
    v.string("body must be text"),
    v.trim(),
    v.nonEmpty("body must not be empty"),
    v.check((s) => countSegments(s).segments <= MAX_SEGMENTS, REPLY_TOO_LONG),
  ),
});

const MessagesQuerySchema = v.object({ limit: limitField, cursor: cursorField });
const ConversationsQuerySchema = v.object(pageQueryFields);

export interface TextsRoutesDeps {
  service: TextsService;
  texts: TextsStore;
  clock: Clock;
  requireAdmin: MiddlewareHandler<AppEnv>;
  requireCustomer: MiddlewareHandler<AppEnv>;
}

/**
 * /api/customers/{id}/sms-consent and /api/customers/{id}/messages: the office's (admins and owners). Technicians
 * read no conversation (403).
 */
export function customerTextsRoutes({ service, texts, clock, requireAdmin }: TextsRoutesDeps) {
  return new Hono<AppEnv>()
    .get("/:id/sms-consent", requireAdmin, async (c) => c.json(await service.consent(c.req.param("id"))))
    .put("/:id/sms-consent", requireAdmin, validateJson(GrantSchema), async (c) => {
      const actor = staffActor(c.get("user"));
      return c.json(await service.changeConsent(c.req.param("id"), c.req.valid("json"), "office", actor));
    })
    .get("/:id/messages", requireAdmin, validateQuery(MessagesQuerySchema), async (c) => {
      const id = c.req.param("id");
      await service.consent(id);
      return c.json(await texts.page(id, c.req.valid("query")));
    })
    .post("/:id/messages", requireAdmin, validateJson(ReplySchema), async (c) => {
      const message = await service.reply(c.req.param("id"), c.req.valid("json").body, staffActor(c.get("user")));
      return c.json(message, 201);
    })
    .post("/:id/messages/read", requireAdmin, async (c) => {
      const id = c.req.param("id");
      await service.consent(id);
      await texts.markRead(id, clock.now());
      return c.body(null, 204);
    });
}

/**
 * GET /api/conversations: the office's list, newest activity first, paged, `q` by name or phone digits;
 * GET /api/conversations/unread: how many inbound texts the office has not seen, for the navigation's count;
 * GET /api/conversations/unlinked(/{phone}): the numbers on no customer's record that texted us, and their texts;
 * POST /api/conversations/unlinked/{phone}/read: the office has seen a number's texts (they leave the unread count).
 */
export function conversationsRoutes({ texts, clock, requireAdmin }: TextsRoutesDeps) {
  return new Hono<AppEnv>()
    .get("/", requireAdmin, validateQuery(ConversationsQuerySchema), async (c) =>
      c.json(await texts.conversations(c.req.valid("query"))),
    )
    .get("/unread", requireAdmin, async (c) => c.json((await texts.unread()) satisfies UnreadTexts))
    .get("/unlinked", requireAdmin, async (c) => c.json({ data: await texts.unlinked() }))
    .get("/unlinked/:phone", requireAdmin, async (c) =>
      c.json({ data: await texts.ofUnlinkedNumber(phoneParam(c.req.param("phone"))) }),
    )
    .post("/unlinked/:phone/read", requireAdmin, async (c) => {
      await texts.markNumberRead(phoneParam(c.req.param("phone")), clock.now());
      return c.body(null, 204);
    });
}

const E164 = /^\+[1-9]\d{7,14}$/;

function phoneParam(phone: string): string {
  if (!E164.test(phone)) throw new BadRequest("phone must be a number in E.164, like +17045550123");
  return phone;
}

/**
 * GET /api/settings/texts: whether Twilio's credentials are there (Settings says "Text messages are not set up"). The
 * office's, as everything under /api/settings is.
 */
export function textsSetupRoutes({ service, requireAdmin }: TextsRoutesDeps) {
  return new Hono<AppEnv>().get("/texts", requireAdmin, (c) =>
    c.json({ configured: service.configured() } satisfies TextsSetup),
  );
}

/**
 * GET/PUT /api/portal/sms-consent: the signed-in customer's own consent, for the phone on their record, in the
 * `{ data }` envelope of the portal's other reads (the server renders the customer's page from them).
 */
export function portalTextsRoutes({ service, requireCustomer }: TextsRoutesDeps) {
  const own = (c: Context<AppEnv>) => {
    const id = c.get("customer").customerId;
    if (!id) throw new NotFound(PORTAL_MESSAGES.customerNotFound);
    return id;
  };
  return new Hono<AppEnv>()
    .get("/sms-consent", requireCustomer, async (c) => c.json({ data: await service.consent(own(c)) }))
    .put("/sms-consent", requireCustomer, validateJson(GrantSchema), async (c) => {
      const customer = c.get("customer");
      const actor = { kind: "customer" as const, id: null, name: customer.email, email: customer.email };
      return c.json({ data: await service.changeConsent(own(c), c.req.valid("json"), "portal", actor) });
    });
}

/**
 * Twilio's webhooks, public but signed: the signature is checked with the client's validateRequest over the URL as
 * configured (PUBLIC_URL + the path) and the form's parameters. A bad or missing one → 403, nothing written. Both
 * answer empty TwiML: every answer of ours goes through the outbox.
 */
export function twilioWebhookRoutes(deps: {
  service: TextsService;
  authToken: () => string | null;
  publicUrl: string;
}) {
  const verified = async (c: Context<AppEnv>) => {
    const token = deps.authToken();
    const signature = c.req.header("X-Twilio-Signature");
    const form = new URLSearchParams(await c.req.text());
    const params = Object.fromEntries(form);
    const url = `${deps.publicUrl}${new URL(c.req.url).pathname}${new URL(c.req.url).search}`;
    if (!token || !signature || !(await validTwilioSignature(token, signature, url, params))) {
      webhookEvents.inc({ provider: "twilio", result: "refused" });
      throw new Forbidden(BAD_SIGNATURE);
    }
    webhookEvents.inc({ provider: "twilio", result: "verified" });
    return params;
  };
  const twiml = (c: Context<AppEnv>) =>
    c.body('<?xml version="1.0" encoding="UTF-8"?><Response/>', 200, { "Content-Type": "text/xml" });
  return new Hono<AppEnv>()
    .post("/twilio/sms", publicRoute, async (c) => {
      await deps.service.receive(await verified(c));
      return twiml(c);
    })
    .post("/twilio/status", publicRoute, async (c) => {
      await deps.service.status(await verified(c));
      return twiml(c);
    });
}

/** GET /t/{code}: a text's short link, 302 to where it leads. */
export function shortLinkRoutes(deps: { repo: TextsRepo }) {
  return new Hono<AppEnv>().get("/t/:code", publicRoute, async (c) => {
    const url = await deps.repo.shortLink(c.req.param("code"));
    if (!url) throw new NotFound("This link is not known");
    return c.redirect(url, 302);
  });
}

/** GET /api/bookings/{id}/texts: a booking's texts and their states, oldest first, beside its e-mails (office). */
export function bookingTextsRoutes({ service, texts, requireAdmin }: TextsRoutesDeps & { service: TextsService }) {
  return new Hono<AppEnv>().get("/:id/texts", requireAdmin, async (c) => {
    const id = c.req.param("id");
    const found = await texts.forBooking(id);
    if (found.length === 0 && !(await service.bookingExists(id))) throw new NotFound("Booking not found");
    return c.json(found);
  });
}
