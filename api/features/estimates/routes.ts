import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { staffActor } from "../../contracts/common/actor.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import {
  ApproveByTokenSchema,
  ApproveOnSiteSchema,
  DeclineSchema,
  EstimateCreateSchema,
  EstimatesQuerySchema,
  MAX_SIGNATURE_DATA_URL,
} from "../../contracts/estimates/schemas.ts";
import type { BusinessProfile } from "../../contracts/settings/profile.ts";
import type { SessionUser } from "../../contracts/staff/staff.ts";
import { NotFound, PayloadTooLarge } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { bodyHash, idempotencyKey } from "../../http/idempotency.ts";
import { publicRoute } from "../../http/roles.ts";
import { validateJson, validateQuery } from "../../http/validate.ts";
import type { Clock } from "../../platform/clock.ts";
import { asOf, assertMayWorkOn, ESTIMATE_NOT_FOUND, type EstimateExecutor } from "./executor.ts";
import type { Locale } from "../../contracts/i18n/locales.ts";
import { translator } from "../../i18n/translator.ts";
import { estimatePdf } from "./pdf.ts";
import { publicView } from "./public-view.ts";
import type { EstimatesRepo, EstimateTarget, Found } from "./repo.ts";
import { signaturePng } from "./signature.ts";

export interface EstimatesDeps {
  estimates: EstimateExecutor;
  repo: EstimatesRepo;
  clock: Clock;
  /** The business as the settings hold it now (the customer's page and the PDF show it). */
  profile: () => Promise<BusinessProfile>;
  requireStaff: MiddlewareHandler<AppEnv>;
  /** The language a staff member works in: the office's copy of a PDF is in it. */
  staffLocale: (staffId: string) => Promise<Locale>;
}

/** The approvals carry a drawn signature: allowed past the app's 64 KB limit to their own (app.ts). */
export const SIGNED_APPROVAL_PATH = /^\/api\/estimates\/(by-token\/[^/]+|[^/]+)\/approve$/;

/**
 * /api/estimates: a booking's estimates for the staff who may see the booking (admins; its technician, whose other
 * jobs' estimates are not found), and the customer's link `/by-token/{token}` (no login: the token is the secret).
 * Every change goes through the estimate executor.
 */
export function estimatesRoutes({ estimates, repo, clock, profile, requireStaff, staffLocale }: EstimatesDeps) {
  const actorOf = (c: Context<AppEnv>) => staffActor(c.get("user"));
  /** An estimate the staff member may see; 404 for any other. */
  const visible = async (user: SessionUser, target: EstimateTarget): Promise<Found> => {
    const found = await repo.find(target);
    if (!found) throw new NotFound(ESTIMATE_NOT_FOUND);
    assertMayWorkOn(staffActor(user), found.booking, ESTIMATE_NOT_FOUND);
    return found;
  };
  const byToken = async (token: string): Promise<Found> => {
    const found = await repo.find({ token });
    if (!found) throw new NotFound(ESTIMATE_NOT_FOUND);
    return found;
  };
  /** The customer's answer to their approval or decline: the estimate as their page shows it. */
  const answerCustomer = async (c: Context<AppEnv>) => {
    const { estimate, booking } = await byToken(c.req.param("token")!);
    c.header("Cache-Control", "private, no-store");
    return c.json({ data: publicView(asOf(estimate, clock.now()), booking, await profile()) }, 200);
  };
  /** The PDF in `locale`: the customer's through their link, the staff member's for the office's copy. */
  const pdfOf = async (c: Context<AppEnv>, { estimate, booking }: Found, locale: Locale) => {
    const now = asOf(estimate, clock.now());
    const signature = estimate.approval?.signatureUrl ? await repo.signature(estimate._id) : null;
    const business = await profile();
    const bytes = await estimatePdf({
      estimate: now,
      customer: { name: `${booking.firstName} ${booking.lastName}`, email: booking.email, address: booking.address },
      profile: business,
      signature,
      tr: translator(locale, business.timeZone),
    });
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="estimate-${estimate.number}.pdf"`,
      "Cache-Control": "private, no-store",
    });
  };
  const signedLimit = bodyLimit({
    maxSize: MAX_SIGNATURE_DATA_URL + 4096,
    onError: () => {
      throw new PayloadTooLarge();
    },
  });

  // The customer's routes first: "/by-token/…" must not be taken for an estimate's id.
  return (
    new Hono<AppEnv>()
      .get("/by-token/:token", publicRoute, (c) => answerCustomer(c))
      .get("/by-token/:token/pdf", publicRoute, async (c) => {
        const found = await byToken(c.req.param("token"));
        return pdfOf(c, found, found.booking.locale);
      })
      .post("/by-token/:token/approve", publicRoute, signedLimit, validateJson(ApproveByTokenSchema), async (c) => {
        const { optionId, signedBy, signature } = c.req.valid("json");
        const input = {
          optionId,
          signedBy,
          signature: signature ? signaturePng(signature) : null,
          via: "link" as const,
        };
        // An option that asks a deposit goes on to pay it; the approval is recorded once it is paid.
        const checkout = await estimates.depositCheckout(c.req.param("token"), input);
        if (checkout) return c.json({ checkoutUrl: checkout.url }, 202);
        await estimates.approve({ token: c.req.param("token") }, input, null);
        return await answerCustomer(c);
      })
      .post("/by-token/:token/decline", publicRoute, validateJson(DeclineSchema), async (c) => {
        await estimates.decline(c.req.param("token"), c.req.valid("json").reason);
        return await answerCustomer(c);
      })
      .post("/", requireStaff, validateJson(EstimateCreateSchema), async (c) => {
        const input = c.req.valid("json");
        const key = idempotencyKey(c);
        const request = { route: "POST /api/estimates", key, bodyHash: key === null ? "" : bodyHash(input) };
        const outcome = await estimates.create(input, actorOf(c), request);
        return c.json(outcome.body, outcome.status as 200 | 201);
      })
      .get("/", requireStaff, validateQuery(EstimatesQuerySchema), async (c) => {
        const query = c.req.valid("query");
        const actor = actorOf(c);
        if (query.bookingId !== undefined) {
          // One booking's: unknown, or not the technician's job, is not found (as the booking's own read answers).
          const booking = await repo.booking(query.bookingId);
          if (!booking) throw new NotFound(MESSAGES.bookingNotFound);
          assertMayWorkOn(actor, booking, MESSAGES.bookingNotFound);
        }
        const user = c.get("user");
        const technicianId = user.role === "technician" ? user._id : undefined;
        const now = clock.now();
        const page = await repo.page({ ...query, technicianId }, now);
        return c.json({ ...page, data: page.data.map((e) => asOf(e, now)) });
      })
      .get("/:id", requireStaff, async (c) => {
        const { estimate } = await visible(c.get("user"), { id: c.req.param("id") });
        return c.json({ data: asOf(estimate, clock.now()) });
      })
      .get("/:id/pdf", requireStaff, async (c) => {
        const user = c.get("user");
        return pdfOf(c, await visible(user, { id: c.req.param("id") }), await staffLocale(user._id));
      })
      .get("/:id/signature", requireStaff, async (c) => {
        const { estimate } = await visible(c.get("user"), { id: c.req.param("id") });
        const png = await repo.signature(estimate._id);
        if (!png) throw new NotFound("This estimate has no signature");
        return c.body(png as Uint8Array<ArrayBuffer>, 200, {
          "Content-Type": "image/png",
          "Cache-Control": "private, max-age=31536000, immutable",
        });
      })
      .post("/:id/send", requireStaff, async (c) => {
        const outcome = await estimates.send(c.req.param("id"), actorOf(c));
        return c.json(outcome.body, 200);
      })
      // Signed on the tablet, maybe offline: the device's queue sends it with an Idempotency-Key after the estimate.
      .post("/:id/approve", requireStaff, signedLimit, validateJson(ApproveOnSiteSchema), async (c) => {
        const { optionId, signedBy, signature, at, deposit } = c.req.valid("json");
        const id = c.req.param("id");
        const key = idempotencyKey(c);
        const hash = key === null ? "" : bodyHash({ optionId, signedBy, signature, at, deposit });
        const request = { route: `POST approve ${id}`, key, bodyHash: hash };
        const input = { optionId, signedBy, signature: signaturePng(signature), via: "on-site" as const, at, deposit };
        const outcome = await estimates.approve({ id }, input, actorOf(c), request);
        return c.json(outcome.body, 200);
      })
  );
}
