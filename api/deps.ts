import type { Sealer } from "./platform/sealed.ts";
import type { Config, RateLimits } from "./config.ts";
import type { Sql } from "./db/client.ts";
import { createIdempotencyStore, type IdempotencyStore } from "./db/idempotency.ts";
import { createAuditRepo, type AuditRepo } from "./db/audit.ts";
import { createAdminsRepo, type AdminsRepo } from "./features/auth/repo.ts";
import { createAvailabilityRepo, type AvailabilityRepo } from "./features/availability/repo.ts";
import { createBookingsRepo, type BookingsRepo } from "./features/bookings/repo.ts";
import { createPostgresImageStore, type ImageStore } from "./features/bookings/visit/image-store.ts";
import { createVisitsRepo, type VisitsRepo } from "./features/bookings/visit/repo.ts";
import { createContactRepo, type ContactRepo } from "./features/contact/repo.ts";
import { createReadinessCheck } from "./features/health/repo.ts";
import { createPriceBookRepo, type PriceBookRepo } from "./features/price-book/repo.ts";
import { createCustomersRepo, type CustomersRepo } from "./features/customers/repo.ts";
import { createPlansRepo, type PlansRepo } from "./features/plans/repo.ts";
import { createMembershipsRepo, type MembershipsRepo } from "./features/memberships/repo.ts";
import { createEstimatesRepo, type EstimatesRepo } from "./features/estimates/repo.ts";
import { createDepositsRepo, type DepositsRepo } from "./features/estimates/deposits-repo.ts";
import { createInvoicesRepo, type InvoicesRepo } from "./features/invoices/repo.ts";
import { createReportsRepo, type ReportsRepo } from "./features/reports/repo.ts";
import { createDashboardRepo, type DashboardRepo } from "./features/dashboard/repo.ts";
import { createRemindersRepo, type RemindersRepo } from "./outbox/reminders/repo.ts";
import { createPushRepo, type PushRepo } from "./outbox/push/repo.ts";
import { createServicesRepo, type ServicesRepo } from "./features/services/repo.ts";
import { createSettingsRepo, type SettingsRepo } from "./features/settings/repo.ts";
import { createStaffRepo, type StaffRepo } from "./features/staff/repo.ts";
import type { Clock } from "./platform/clock.ts";
import type { CustomerSessions } from "./platform/customer-sessions.ts";
import type { InvalidationBus } from "./platform/invalidation.ts";
import type { Logger } from "./platform/log.ts";
import { createMemoryRateLimiter, type RateLimiter } from "./platform/rate-limit.ts";
import type { TokenService } from "./platform/tokens.ts";
import type { Outbox } from "./outbox/outbox.ts";
import type { RealtimeEmitter } from "./realtime/emitter.ts";

export interface Repos {
  services: ServicesRepo;
  bookings: BookingsRepo;
  contact: ContactRepo;
  admins: AdminsRepo;
  availability: AvailabilityRepo;
  idempotency: IdempotencyStore;
  audit: AuditRepo;
  settings: SettingsRepo;
  staff: StaffRepo;
  /** A technician's visits: history, notes, photo and signature records. */
  visits: VisitsRepo;
  /** The bytes of photos and signatures (Postgres by default). */
  images: ImageStore;
  /** The business's figures over a period, and the CSV exports. */
  reports: ReportsRepo;
  dashboard: DashboardRepo;
  /** Customers' unsubscribes from the rebook reminder. */
  reminders: RemindersRepo;
  /** Staff devices subscribed to web push, and the VAPID keys. */
  push: PushRepo;
  /** Priced extra work: what estimates are made of. */
  priceBook: PriceBookRepo;
  customers: CustomersRepo;
  /** Estimates: options of priced work for a customer to approve. */
  estimates: EstimatesRepo;
  /** Deposits paid online on approval: the approvals waiting for Checkout, the deposit payments. */
  deposits: DepositsRepo;
  /** Invoices, their payments and refunds. */
  invoices: InvoicesRepo;
  /** Service plans, and the memberships of customers' properties. */
  plans: PlansRepo;
  memberships: MembershipsRepo;
  ready: () => Promise<boolean>;
}

/** Everything the app is built from; tests swap any part (clock, emitter, limiter, repos). */
export interface AppDeps {
  config: Config;
  sql: Sql;
  repos: Repos;
  clock: Clock;
  realtime: RealtimeEmitter;
  /** Named abuse limiters (memory here; another store can back them through the same interface). */
  limiters: Limiters;
  tokens: TokenService;
  /** Seals the staff's TOTP keys in the database (platform/sealed.ts). */
  sealer: Sealer;
  log: Logger;
  /** Everything sent later (e-mails, staff pushes, reminders), written with each change, sent by the worker. */
  outbox: Outbox;
  /** Drops in-process caches on every instance after a write; in-process only when absent. */
  invalidation?: InvalidationBus;
  /** Customers' portal sessions; over `sql` with `clock` when absent. */
  customers?: CustomerSessions;
}

export function createRepos(sql: Sql): Repos {
  return {
    services: createServicesRepo(sql),
    bookings: createBookingsRepo(sql),
    contact: createContactRepo(sql),
    admins: createAdminsRepo(sql),
    availability: createAvailabilityRepo(sql),
    idempotency: createIdempotencyStore(sql),
    audit: createAuditRepo(sql),
    settings: createSettingsRepo(sql),
    staff: createStaffRepo(sql),
    visits: createVisitsRepo(sql),
    images: createPostgresImageStore(sql),
    reports: createReportsRepo(sql),
    dashboard: createDashboardRepo(sql),
    reminders: createRemindersRepo(sql),
    priceBook: createPriceBookRepo(sql),
    customers: createCustomersRepo(sql),
    estimates: createEstimatesRepo(sql),
    deposits: createDepositsRepo(sql),
    invoices: createInvoicesRepo(sql),
    plans: createPlansRepo(sql),
    memberships: createMembershipsRepo(sql),
    push: createPushRepo(sql),
    ready: createReadinessCheck(sql),
  };
}

/** One limiter per kind of abuse; keys are client addresses (and e-mails for loginPerAccount). */
export interface Limiters {
  /** Failed logins and wrong current passwords, per client address. */
  loginPerIp: RateLimiter;
  /** Failed logins and wrong current passwords, per admin e-mail (whatever the address). */
  loginPerAccount: RateLimiter;
  /** Bookings made, per client address. */
  bookings: RateLimiter;
  /** Contact messages sent, per client address. */
  contact: RateLimiter;
  /** Bookings cancelled or moved through a manage link, per client address. */
  manage: RateLimiter;
  /** Customer sign-in links asked for, per e-mail address (customer or not). */
  portalSignInPerEmail: RateLimiter;
  /** Customer sign-in links asked for, per client address. */
  portalSignInPerClient: RateLimiter;
}

export type LimiterFactory = (name: keyof Limiters, options: { limit: number; windowMs: number }) => RateLimiter;

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** The limiters for the configured limits, each made by `make` (the memory limiter by default). */
export function createLimiters(limits: RateLimits, clock: Clock, make?: LimiterFactory): Limiters {
  const build: LimiterFactory = make ?? ((_name, options) => createMemoryRateLimiter({ ...options, clock }));
  const loginWindowMs = limits.loginWindowMinutes * MINUTE_MS;
  return {
    loginPerIp: build("loginPerIp", { limit: limits.loginFailuresPerIp, windowMs: loginWindowMs }),
    loginPerAccount: build("loginPerAccount", { limit: limits.loginFailuresPerAccount, windowMs: loginWindowMs }),
    bookings: build("bookings", { limit: limits.bookingsPerHour, windowMs: HOUR_MS }),
    contact: build("contact", { limit: limits.contactMessagesPerHour, windowMs: HOUR_MS }),
    manage: build("manage", { limit: limits.manageChangesPerHour, windowMs: HOUR_MS }),
    portalSignInPerEmail: build("portalSignInPerEmail", { limit: limits.portalSignInsPerEmail, windowMs: HOUR_MS }),
    portalSignInPerClient: build("portalSignInPerClient", { limit: limits.portalSignInsPerClient, windowMs: HOUR_MS }),
  };
}
