import { DEFAULT_LOCALE } from "./contracts/i18n/locales.ts";
import { type Context, Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { etag } from "hono/etag";
import { except } from "hono/combine";
import { MESSAGES } from "./contracts/common/messages.ts";
import { localeOfAcceptLanguage } from "./contracts/i18n/locales.ts";
import { localizedError } from "./i18n/errors.ts";
import { isDatabaseUnavailable, isDataException } from "./db/errors.ts";
import type { AppDeps } from "./deps.ts";
import { BadRequest, HttpError, NotFound, PayloadTooLarge, ServiceUnavailable } from "./errors.ts";
import { authRoutes } from "./features/auth/routes.ts";
import { accountRoutes } from "./features/auth/account-routes.ts";
import { createFactorsRepo } from "./features/auth/factors-repo.ts";
import { securityPolicyRoutes, staffSessionsRoutes } from "./features/auth/owner-routes.ts";
import { createPolicyRepo } from "./features/auth/policy-repo.ts";
import { staffSessions } from "./features/auth/sessions.ts";
import { sessionSeen } from "./features/auth/session-seen.ts";
import { createStaffSessionsRepo } from "./features/auth/sessions-repo.ts";
import { requireRecentSignIn } from "./features/auth/step-up.ts";
import { ceremonies } from "./features/auth/passkeys/ceremonies.ts";
import { createPasskeysRepo } from "./features/auth/passkeys/repo.ts";
import { accountPasskeyRoutes, passkeyReauthRoutes, passkeySignInRoutes } from "./features/auth/passkeys/routes.ts";
import { passkeyService } from "./features/auth/passkeys/service.ts";
import { availabilityRoutes } from "./features/availability/routes.ts";
import { manageRoutes } from "./features/bookings/manage-routes.ts";
import { bookingExecutor } from "./features/bookings/command/executor.ts";
import { bookingsRoutes } from "./features/bookings/routes.ts";
import { contactRoutes } from "./features/contact/routes.ts";
import { customerLocale } from "./features/customers/locale.ts";
import { healthRoutes } from "./features/health/routes.ts";
import { profileRoutes } from "./features/profile/routes.ts";
import { createServicesCache } from "./features/services/cache.ts";
import { mailRoutes } from "./outbox/mail/routes.ts";
import { priceBookRoutes } from "./features/price-book/routes.ts";
import { customersRoutes } from "./features/customers/routes.ts";
import { asOf, estimateExecutor } from "./features/estimates/executor.ts";
import { cancelledDeposits } from "./features/estimates/cancelled-deposits.ts";
import { estimatesRoutes, SIGNED_APPROVAL_PATH } from "./features/estimates/routes.ts";
import { portalEstimate } from "./features/estimates/public-view.ts";
import { invoiceExecutor } from "./features/invoices/executor.ts";
import { ratingWhenPaid } from "./features/portal/ratings/when-paid.ts";
import { portalInvoice } from "./features/invoices/public-view.ts";
import { bookingInvoiceRoutes, invoicesRoutes, paymentRoutes, webhookRoutes } from "./features/invoices/routes.ts";
import { stripeProvider } from "./features/invoices/stripe.ts";
import { plansRoutes } from "./features/plans/routes.ts";
import { membershipService } from "./features/memberships/service.ts";
import { announceWith, planVisits } from "./features/memberships/visits.ts";
import {
  customerMembershipRoutes,
  membershipRoutes,
  planInvoiceRoutes,
  portalMembershipRoutes,
} from "./features/memberships/routes.ts";
import { stripeClient } from "./platform/stripe-client.ts";
import { withSettingsProfile } from "./contracts/settings/settings.ts";
import { stripeSubscriptions } from "./platform/stripe-subscriptions.ts";
import { approvedWorkOf } from "./contracts/estimates/rules.ts";
import { reportsRoutes } from "./features/reports/routes.ts";
import { createMoneyReports } from "./features/reports/money.ts";
import { createMembershipReports } from "./features/reports/memberships.ts";
import { dashboardRoutes } from "./features/dashboard/routes.ts";
import { unsubscribeRoutes } from "./outbox/reminders/routes.ts";
import { pushRoutes } from "./outbox/push/routes.ts";
import { vapidKeysOf } from "./outbox/push/repo.ts";
import { servicesRoutes } from "./features/services/routes.ts";
import { createSettingsCache } from "./features/settings/cache.ts";
import { settingsRoutes } from "./features/settings/routes.ts";
import { scheduleRoutes } from "./features/bookings/schedule-routes.ts";
import { createDispatchRepo } from "./features/bookings/dispatch/repo.ts";
import { boardRoutes } from "./features/bookings/dispatch/board-routes.ts";
import { photoRoutes } from "./features/bookings/visit/photo-routes.ts";
import { IMAGE_UPLOAD_PATH, visitRoutes } from "./features/bookings/visit/routes.ts";
import { invitationsRoutes } from "./features/staff/invitation-routes.ts";
import { staffRoutes } from "./features/staff/routes.ts";
import { createTextsRepo } from "./features/texts/repo.ts";
import {
  bookingTextsRoutes,
  conversationsRoutes,
  customerTextsRoutes,
  portalTextsRoutes,
  shortLinkRoutes,
  textsSetupRoutes,
  twilioWebhookRoutes,
} from "./features/texts/routes.ts";
import { textsService } from "./features/texts/service.ts";
import { createTextsStore } from "./outbox/sms/texts.ts";
import { requireAdmin, requireCustomer, requireOwner, requireStaff } from "./http/auth.ts";
import { clientIp } from "./http/client-ip.ts";
import { factorRequired } from "./contracts/staff/sign-in.ts";
import { customerActor } from "./contracts/common/actor.ts";
import { RATING_LINK_PURPOSE } from "./contracts/portal/portal.ts";
import { portalRoutes } from "./features/portal/routes.ts";
import { createCustomerLanguageRepo } from "./features/portal/language/repo.ts";
import { portalLanguageRoutes } from "./features/portal/language/routes.ts";
import { createSignInRepo } from "./features/portal/sessions/repo.ts";
import { createPortalVisitsRepo } from "./features/portal/visits/repo.ts";
import { createRatingsRepo } from "./features/portal/ratings/repo.ts";
import { createCustomerSessions } from "./platform/customer-sessions.ts";
import { limitPerClient } from "./http/client-limit.ts";
import type { AppEnv } from "./http/env.ts";
import { createMemoryInvalidationBus } from "./platform/invalidation.ts";
import { pwaRoutes } from "./http/pwa-static.ts";
import { documentPages } from "./http/document-pages.ts";
import { limitBodyFromNode } from "./http/node-body.ts";
import { requestFrame } from "./http/request-frame.ts";
import { loggedPath } from "./http/request-log.ts";
import { corsAllowList } from "./http/security-headers.ts";
import type { FastReads } from "./http/fast-read.ts";

export const MAX_BODY_BYTES = 64 * 1024;

/** The reads answered from a JSON entry made once per change (sendJsonEntry): the services list and the profile. */
const CACHED_JSON_PATHS = new Set(["/api/services", "/api/profile"]);
const isCachedJsonRead = (c: Context<AppEnv>) =>
  (c.req.method === "GET" || c.req.method === "HEAD") && CACHED_JSON_PATHS.has(c.req.path);

const isWrite = (c: Context<AppEnv>) => c.req.method !== "GET" && c.req.method !== "HEAD";

/**
 * The whole HTTP side: /api/* from the features, everything else from the built PWA. `fastReads`: the server's
 * cached reads answered before the app (fast-read.ts), told where their entries are.
 */
export function createApp(deps: AppDeps, fastReads?: FastReads) {
  const { config, repos, clock, realtime, tokens, log, outbox } = deps;
  // Customers' sessions (the portal): a token of their own kind, refused by every staff route, as staff tokens are by
  // the portal's.
  const customers = deps.customers ?? createCustomerSessions(deps.sql, clock);
  // Staff sign-ins: each a session, seen (time and address) at most once a minute per instance.
  const sessionsRepo = createStaffSessionsRepo(deps.sql);
  const factors = createFactorsRepo(deps.sql, deps.sealer);
  const policy = createPolicyRepo(deps.sql);
  const seen = sessionSeen(sessionsRepo, clock, config.trustProxy, log);
  const admin = requireAdmin(tokens, customers, seen);
  const staff = requireStaff(tokens, customers, seen);
  const owner = requireOwner(tokens, customers, seen);
  // Step-up: what moves money or access needs a recent sign-in with every factor the person has.
  const recentSignIn = requireRecentSignIn({ sessions: sessionsRepo, factors, clock });
  const customer = requireCustomer(customers, tokens, config.passkeys.origin);
  const app = new Hono<AppEnv>();

  app.use(requestFrame(log, { trustProxy: config.trustProxy, hsts: config.hsts }));
  // gzip for clients that ask for it (JSON, HTML, JS, CSS over 1 KB); Vary: Accept-Encoding for caches. Not for the
  // cached JSON reads: they send their own gzip copy, tag and 304 (sendJsonEntry), and reading their answer's
  // headers here would cost those hot reads more than all the rest. Not for writes either: they answer one record,
  // which no cache keeps, and reading the answer's headers was 3 % of a booking's CPU.
  app.use(except((c) => isCachedJsonRead(c) || isWrite(c), compress()));
  // 304 for a client that already holds the service it reads.
  app.use("/api/services/:id", etag());
  const corsMiddleware = corsAllowList(config.corsOrigins);
  if (corsMiddleware) app.use("/api/*", corsMiddleware);
  // Reads the body and stops at the limit, also for a chunked body that announces no length: from Node's stream under
  // the real server, through Hono's bodyLimit otherwise (node-body.ts).
  const limitBody = limitBodyFromNode(
    MAX_BODY_BYTES,
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new PayloadTooLarge();
      },
    }),
  );
  // GET and HEAD carry no body; asking for one would build a whole web Request out of Node's request each time. A
  // photo or signature upload has its own, larger limit on its route.
  app.use((c, next) =>
    c.req.method === "GET" ||
    c.req.method === "HEAD" ||
    (c.req.method === "POST" && (IMAGE_UPLOAD_PATH.test(c.req.path) || SIGNED_APPROVAL_PATH.test(c.req.path)))
      ? next()
      : limitBody(c, next),
  );

  app.use(
    "/api/bookings",
    limitPerClient(deps.limiters.bookings, "bookings", config.trustProxy, { replaysRepeats: true }),
  );
  app.use(
    "/api/contact",
    limitPerClient(deps.limiters.contact, "contact", config.trustProxy, { replaysRepeats: true }),
  );
  // Each cancel or move e-mails the customer and the business: a leaked link must not become a mail cannon.
  app.use(
    "/api/manage/*",
    limitPerClient(deps.limiters.manage, "manage", config.trustProxy, { methods: ["POST", "PUT"] }),
  );
  // An estimate's link approves (an e-mail and a push) or declines, an invoice's opens a payment: the same guard as a
  // booking's link.
  app.use("/api/estimates/by-token/*", limitPerClient(deps.limiters.manage, "manage", config.trustProxy));
  app.use("/api/invoices/by-token/*", limitPerClient(deps.limiters.manage, "manage", config.trustProxy));
  // The portal's cancel and move e-mail like the manage link's: the same limit per client address.
  app.use(
    "/api/portal/visits/*",
    limitPerClient(deps.limiters.manage, "manage", config.trustProxy, { methods: ["POST", "PUT"] }),
  );

  const invalidation = deps.invalidation ?? createMemoryInvalidationBus();
  const servicesCache = createServicesCache(repos.services, invalidation);
  // The settings every rule reads: cached here, dropped on every instance when an admin changes them.
  const settingsCache = createSettingsCache(repos.settings, invalidation, config.profile);
  const settings = settingsCache.get;
  const sessions = staffSessions({
    sql: deps.sql,
    repo: repos.admins,
    sessions: sessionsRepo,
    tokens,
    outbox,
    profile: settingsCache.profile,
    clock,
    realtime,
  });
  app.route(
    "/api/services",
    servicesRoutes({ repo: repos.services, audit: repos.audit, requireAdmin: admin, cache: servicesCache }),
  );
  fastReads?.add("/api/services", servicesCache.loaded);
  const services = async () => (await servicesCache.list()).value;
  const commandDeps = {
    idempotency: repos.idempotency,
    audit: repos.audit,
    outbox,
    realtime,
    clock,
    settings,
    services,
    profile: config.profile,
  };
  // Texts: consent, conversations, Twilio's webhooks. The service confirms a visit through the booking command,
  // which is made below (a "C" comes long after both exist).
  const textsStore = createTextsStore(deps.sql);
  const textsRepo = createTextsRepo(deps.sql);
  const texts = textsService({
    sql: deps.sql,
    texts: textsStore,
    repo: textsRepo,
    outbox,
    audit: repos.audit,
    realtime,
    clock,
    twilio: config.twilio,
    publicUrl: config.mail.publicUrl,
    businessTz: config.businessTz,
    profile: settingsCache.profile,
    booking: (id) => repos.bookings.get(id),
    confirm: async (id, actor) =>
      (await bookings.change({ id }, { kind: "status", status: "confirmed" }, actor)).body.data,
  });
  // Stripe, when set up: the invoices' and deposits' payments and refunds, and the plans' subscriptions.
  const stripe = config.stripe ? stripeClient(config.stripe) : null;
  const provider = config.stripe && stripe ? stripeProvider(config.stripe, stripe) : null;
  // The one path by which a booking comes to be, changes and goes, whoever acts.
  const dispatch = createDispatchRepo(deps.sql);
  const bookings = bookingExecutor({
    ...commandDeps,
    repo: repos.bookings,
    dispatch,
    visits: repos.visits,
    images: repos.images,
    businessTz: config.businessTz,
    rating: {
      token: (bookingId) => tokens.signLink(RATING_LINK_PURPOSE, bookingId),
      delayMs: config.mail.ratingDelayMinutes * 60_000,
    },
    smsConsent: (tx, booking, locale) => texts.grantFromBookingForm(tx, booking, locale),
    localeOf: (tx, booking) => (booking.customerId ? customerLocale(tx, booking.customerId) : Promise.resolve("en")),
    settleDeposits: cancelledDeposits({
      repo: repos.deposits,
      refund: provider ? (paymentIntent, cents) => provider.refund(paymentIntent, cents) : null,
    }),
  });
  // The one path by which an estimate comes to be and changes, whoever acts.
  const estimates = estimateExecutor({
    ...commandDeps,
    repo: repos.estimates,
    priceBook: repos.priceBook,
    publicUrl: config.mail.publicUrl,
    // An option's deposit is taken on site with the approval, or paid online on approval through the same provider
    // as the invoices.
    deposits: {
      checkout: provider ? (input) => provider.depositCheckout(input) : undefined,
      repo: repos.deposits,
    },
    memberDiscount: (bookingId, tx) => repos.memberships.discountForBooking(bookingId, tx),
  });
  // The one path by which an invoice comes to be, is paid, refunded or voided.
  const estimatesOf = async (bookingId: string) => {
    const now = clock.now();
    return (await repos.estimates.listForBooking(bookingId)).map((e) => asOf(e, now));
  };
  const invoices = invoiceExecutor({
    ...commandDeps,
    repo: repos.invoices,
    approvedWork: async (bookingId) => approvedWorkOf(await estimatesOf(bookingId)).items,
    memberDiscount: (bookingId, tx) => repos.memberships.discountForBooking(bookingId, tx),
    provider,
    publicUrl: config.mail.publicUrl,
    ratingWhenPaid: ratingWhenPaid({
      booking: (id, tx) => repos.bookings.get(id, tx),
      settings,
      services,
      tokens,
      profile: config.profile,
    }),
  });
  // The office's copies of a job's documents are in the language of the staff member who opens them.
  const staffLocale = async (id: string) => (await repos.admins.findById(id))?.locale ?? DEFAULT_LOCALE;
  // Service plans and memberships: Stripe's subscriptions through the same client, their events through the same
  // webhook, recorded once in the same table.
  const memberships = membershipService({
    ...commandDeps,
    repo: repos.memberships,
    plan: (id, tx) => repos.plans.get(id, tx),
    provider: stripe ? stripeSubscriptions(stripe) : null,
    publicUrl: config.mail.publicUrl,
    planNow: () =>
      void planVisits({
        sql: deps.sql,
        outbox,
        now: () => clock.now(),
        businessTz: config.businessTz,
        leadDays: config.mail.planVisitLeadDays,
        publicUrl: config.mail.publicUrl,
        online: stripe !== null,
        settings,
        services,
        profile: async () => withSettingsProfile(config.profile, (await settings()).profile),
        announce: announceWith((id) => repos.bookings.get(id), realtime.newBooking),
      }).catch((error) => log.error({ msg: "planning visits failed", error: String(error) })),
  });
  const membershipDeps = {
    memberships,
    repo: repos.memberships,
    clock,
    businessTz: config.businessTz,
    requireAdmin: admin,
    requireStaff: staff,
    requireCustomer: customer,
    plans: () => repos.plans.list(),
    online: stripe !== null,
  };
  app.route(
    "/api/plans",
    plansRoutes({ repo: repos.plans, audit: repos.audit, requireAdmin: admin, requireStaff: staff }),
  );
  app.route("/api/customers", customerMembershipRoutes(membershipDeps));
  app.route("/api/memberships", membershipRoutes(membershipDeps));
  app.route("/api/plan-invoices", planInvoiceRoutes(membershipDeps));
  app.route("/api/portal/memberships", portalMembershipRoutes(membershipDeps));
  const invoiceDeps = {
    staffLocale,
    subscriptionEvent: memberships.event,
    invoices,
    repo: repos.invoices,
    provider,
    profile: settingsCache.profile,
    businessTz: config.businessTz,
    requireAdmin: admin,
    requireStaff: staff,
    requireRecentSignIn: recentSignIn,
  };
  app.route("/api/invoices", invoicesRoutes(invoiceDeps));
  app.route("/api/bookings", bookingInvoiceRoutes(invoiceDeps));
  app.route("/api/payments", paymentRoutes(invoiceDeps));
  app.route("/api/webhooks", webhookRoutes({ ...invoiceDeps, depositPaid: estimates.depositPaid }));
  app.route(
    "/api/estimates",
    estimatesRoutes({
      estimates,
      repo: repos.estimates,
      clock,
      profile: settingsCache.profile,
      requireStaff: staff,
      staffLocale,
    }),
  );
  app.route(
    "/api/bookings",
    bookingsRoutes({
      bookings,
      estimates: estimatesOf,
      invoice: async (bookingId) => (await repos.invoices.find({ bookingId }))?.invoice ?? null,
      repo: repos.bookings,
      visits: repos.visits,
      audit: repos.audit,
      outbox,
      settings,
      requireAdmin: admin,
      requireStaff: staff,
    }),
  );
  app.route("/api/bookings", visitRoutes({ bookings, requireStaff: staff }));
  const textsDeps = {
    service: texts,
    texts: textsStore,
    repo: textsRepo,
    clock,
    requireAdmin: admin,
    requireCustomer: customer,
  };
  app.route("/api/bookings", bookingTextsRoutes(textsDeps));
  app.route("/api/customers", customerTextsRoutes(textsDeps));
  app.route("/api/conversations", conversationsRoutes(textsDeps));
  app.route("/api/settings", textsSetupRoutes(textsDeps));
  app.route("/api/portal", portalTextsRoutes(textsDeps));
  app.route(
    "/api/portal",
    portalLanguageRoutes({ repo: createCustomerLanguageRepo(deps.sql), requireCustomer: customer }),
  );
  app.route(
    "/api/webhooks",
    twilioWebhookRoutes({
      service: texts,
      authToken: () => config.twilio?.authToken ?? null,
      publicUrl: config.mail.publicUrl,
    }),
  );
  app.route(
    "/api/photos",
    photoRoutes({ repo: repos.bookings, visits: repos.visits, images: repos.images, requireStaff: staff }),
  );
  app.route(
    "/api/price-book",
    priceBookRoutes({ repo: repos.priceBook, audit: repos.audit, requireAdmin: admin, requireStaff: staff }),
  );
  app.route(
    "/api/customers",
    customersRoutes({ repo: repos.customers, audit: repos.audit, requireAdmin: admin, requireStaff: staff }),
  );
  app.route("/api/schedule", boardRoutes({ dispatch, bookings, settings, requireAdmin: admin }));
  app.route("/api/schedule", scheduleRoutes({ repo: repos.bookings, requireAdmin: admin }));
  const moneyReports = createMoneyReports(deps.sql, config.businessTz);
  app.route(
    "/api/reports",
    reportsRoutes({
      repo: repos.reports,
      money: moneyReports,
      memberships: createMembershipReports(deps.sql, config.businessTz),
      clock,
      businessTz: config.businessTz,
      requireAdmin: admin,
      requireRecentSignIn: recentSignIn,
    }),
  );
  app.route(
    "/api/dashboard",
    dashboardRoutes({
      repo: repos.dashboard,
      clock,
      businessTz: config.businessTz,
      requireAdmin: admin,
    }),
  );
  app.route(
    "/api/staff",
    staffRoutes({
      repo: repos.staff,
      audit: repos.audit,
      outbox,
      profile: settingsCache.profile,
      realtime,
      requireAdmin: admin,
      requireRecentSignIn: recentSignIn,
      clock,
      businessTz: config.businessTz,
      upcomingJobs: (technicianId, fromDate) => repos.bookings.upcomingFor(technicianId, fromDate),
    }),
  );
  app.route(
    "/api/invitations",
    invitationsRoutes({
      repo: repos.staff,
      signIn: async (user, c) => {
        const setupRequired = factorRequired(user.role, await policy.get());
        const signIn = { user, factors: ["password" as const], userAgent: c.req.header("User-Agent") ?? "" };
        return await sessions.startSession({ ...signIn, ip: clientIp(c, config.trustProxy), setupRequired });
      },
      clock,
      passwordCost: config.passwordHashCost,
    }),
  );
  app.route(
    "/api/manage",
    manageRoutes({ bookings, repo: repos.bookings, settings, clock, businessTz: config.businessTz }),
  );
  const portalVisits = createPortalVisitsRepo(deps.sql);
  app.route(
    "/api/portal",
    portalRoutes({
      sessions: {
        repo: createSignInRepo(deps.sql),
        customers,
        outbox,
        profile: settingsCache.profile,
        limiters: deps.limiters,
        requireCustomer: customer,
        clock,
        trustProxy: config.trustProxy,
        publicOrigin: config.passkeys.origin,
        log,
      },
      visits: {
        repo: portalVisits,
        records: (bookingId) => repos.visits.records(bookingId),
        image: async (id) => {
          const record = await repos.visits.image(id);
          const bytes = record ? await repos.images.get(record.storageKey) : null;
          return record && bytes ? { bookingId: record.bookingId, contentType: record.contentType, bytes } : null;
        },
        // The one change path, as the customer, for a booking only when it is theirs.
        change: async ({ id, customer }, command) => {
          await bookings.change({ id, customer }, command, customerActor({ email: customer.email }));
        },
        preferences: repos.reminders,
        services,
        languages: createCustomerLanguageRepo(deps.sql),
        settings,
        requireCustomer: customer,
        clock,
        businessTz: config.businessTz,
      },
      money: {
        estimates: async (customer) => {
          const now = clock.now();
          const found = await repos.estimates.listForCustomer(customer);
          return found.map(({ estimate, booking }) => portalEstimate({ estimate: asOf(estimate, now), booking }));
        },
        invoices: async (customer) =>
          (await repos.invoices.listForCustomer(customer)).map((f) => portalInvoice(f, !!provider)),
        requireCustomer: customer,
      },
      ratings: {
        repo: createRatingsRepo(deps.sql),
        tokens,
        outbox,
        realtime,
        settings,
        services,
        languages: createCustomerLanguageRepo(deps.sql),
        requireCustomer: customer,
        clock,
      },
    }),
  );
  app.route(
    "/api/contact",
    contactRoutes({
      repo: repos.contact,
      idempotency: repos.idempotency,
      realtime,
      outbox,
      profile: settingsCache.profile,
      requireAdmin: admin,
    }),
  );
  const passkeyRepo = createPasskeysRepo(deps.sql);
  const passkeys = passkeyService({
    repo: passkeyRepo,
    audit: repos.audit,
    clock,
    ceremonies: ceremonies(config.passkeys),
    rpName: async () => (await settingsCache.profile()).name,
    staff: (id) => repos.admins.findById(id),
  });
  app.route(
    "/api/account/passkeys",
    accountPasskeyRoutes({ passkeys, requireStaff: staff, requireRecentSignIn: recentSignIn }),
  );
  app.route(
    "/api/auth/passkey",
    passkeySignInRoutes({
      passkeys,
      sessions,
      limiters: deps.limiters,
      trustProxy: config.trustProxy,
      log,
    }),
  );
  app.route(
    "/api/auth/reauth/passkey",
    passkeyReauthRoutes({
      passkeys,
      sessions,
      limiters: deps.limiters,
      requireStaff: staff,
      trustProxy: config.trustProxy,
      log,
    }),
  );
  app.route(
    "/api/auth",
    authRoutes({
      sql: deps.sql,
      repo: repos.admins,
      factors,
      policy,
      sessions,
      tokens,
      limiters: deps.limiters,
      requireStaff: staff,
      clock,
      trustProxy: config.trustProxy,
      log,
      realtime,
      passwordCost: config.passwordHashCost,
      hasPasskey: async (id) => (await passkeyRepo.credentialsOf(id)).length > 0,
    }),
  );
  app.route(
    "/api/account",
    accountRoutes({
      sql: deps.sql,
      factors,
      admins: repos.admins,
      policy,
      sessionsRepo,
      sessions,
      profile: settingsCache.profile,
      clock,
      requireStaff: staff,
      requireRecentSignIn: recentSignIn,
    }),
  );
  const ownerDeps = {
    sql: deps.sql,
    repo: repos.admins,
    sessionsRepo,
    sessions,
    policy,
    clock,
    requireOwner: owner,
    requireRecentSignIn: recentSignIn,
  };
  app.route("/api/staff", staffSessionsRoutes(ownerDeps));
  // Not under /api/settings: everything there is the office's, this is the owner's alone.
  app.route("/api/sign-in-policy", securityPolicyRoutes(ownerDeps));
  app.route(
    "/api/availability",
    availabilityRoutes({
      repo: repos.availability,
      clock,
      settings,
      businessTz: config.businessTz,
    }),
  );
  app.route(
    "/api/mail",
    mailRoutes({ outbox, audit: repos.audit, transaction: repos.bookings.transaction, requireAdmin: admin }),
  );
  app.route(
    "/api/profile",
    // Public pages need the profile even while the database is away: the last one seen stands in.
    profileRoutes({ profile: () => settingsCache.profile().catch(() => settingsCache.lastProfile()) }),
  );
  app.route(
    "/api/settings",
    settingsRoutes({
      repo: repos.settings,
      audit: repos.audit,
      cache: settingsCache,
      realtime,
      requireAdmin: admin,
      requireRecentSignIn: recentSignIn,
      clock,
      businessTz: config.businessTz,
    }),
  );
  app.route("/api/unsubscribe", unsubscribeRoutes({ repo: repos.reminders, requireAdmin: admin }));
  app.route(
    "/api/push",
    pushRoutes({
      repo: repos.push,
      keys: vapidKeysOf(config.push.vapidKeys, repos.push),
      endpointOrigins: config.push.endpointOrigins,
      requireStaff: staff,
    }),
  );
  app.route("/api", healthRoutes({ ready: repos.ready }));

  // Unknown API paths answer JSON; they must never fall through to the PWA's index.html.
  app.all("/api", () => {
    throw new NotFound();
  });
  app.all("/api/*", () => {
    throw new NotFound();
  });
  // Pages and the manifest name the business as the settings do now, not as the build did: the settings are loaded
  // (from the cache, or the database after a change) before a page is filled with their profile. With the database
  // away, pages are still served, with the last profile this instance saw.
  app.use("*", async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") await settingsCache.profile().catch(() => undefined);
    await next();
  });
  // A text's short link, on our own domain: answered before the pages.
  app.route("/", shortLinkRoutes({ repo: textsRepo }));
  app.route(
    "/",
    documentPages({
      distDir: config.pwaDist,
      profile: settingsCache.lastProfile,
      read: (path, cookie) => Promise.resolve(app.request(path, cookie ? { headers: { Cookie: cookie } } : {})),
      log: deps.log,
    }),
  );
  app.route("/", pwaRoutes(config.pwaDist, settingsCache.lastProfile));

  app.notFound((c) => c.json({ message: MESSAGES.notFound }, 404));
  app.onError((error, c) => {
    // The message in the language the screen asked for (Accept-Language), from the customer catalog.
    const locale = localeOfAcceptLanguage(c.req.header("Accept-Language"));
    const answer = (
      body: { message: string },
      status: ContentfulStatusCode,
      headers?: Record<string, string>,
      inLanguage?: HttpError["inLanguage"],
    ) => c.json({ ...body, message: localizedError(body.message, locale, inLanguage) }, status, headers);
    if (error instanceof HttpError) return answer(error.toBody(), error.status, error.headers, error.inLanguage);
    if (error instanceof HTTPException && error.status === 400) {
      // Hono's own refusal of a body that is not JSON.
      return answer(new BadRequest(MESSAGES.malformedJson).toBody(), 400);
    }
    if (error instanceof HTTPException)
      return answer({ message: error.message || MESSAGES.invalidInput }, error.status);
    if (isDatabaseUnavailable(error)) {
      log.error({ msg: "database unavailable", requestId: c.get("requestId"), error: String(error) });
      const unavailable = new ServiceUnavailable();
      return answer(unavailable.toBody(), unavailable.status, unavailable.headers);
    }
    if (isDataException(error)) {
      // Logged as an error all the same: it is a gap in validation to close.
      log.error({
        msg: "database refused a value",
        requestId: c.get("requestId"),
        method: c.req.method,
        path: loggedPath(c.req.path),
        code: error.code,
        error: String(error),
      });
      return answer(new BadRequest().toBody(), 400);
    }
    log.error({
      msg: "unhandled error",
      requestId: c.get("requestId"),
      method: c.req.method,
      path: loggedPath(c.req.path),
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return answer({ message: MESSAGES.internalError }, 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
