import { type ComponentType, lazy, type ReactNode, useState } from "react";
import { isAdminRole, type StaffRole } from "@contracts/staff/staff.ts";
import { Route, Routes } from "react-router-dom";
import { RequireAdmin } from "../RequireAdmin.tsx";
import { readEarly } from "../../lib/earlyReads.ts";
import { getUser } from "../../lib/session.ts";
import { OVERVIEW_READS } from "../dashboard/overviewReads.ts";
import { offline, pages } from "../routes.tsx";

/** Every staff screen is its own chunk, loaded inside the shell; `screen` is how each is loaded. */
const screen = {
  Dashboard: () => import("../dashboard/DashboardPage.tsx"),
  Bookings: () => import("../dashboard/BookingsPage.tsx"),
  // Kept once opened, not precached (lib/pwa/swRoutes.ts): opened first with no connection, the shell says so.
  Schedule: () => import("../dashboard/SchedulePage.tsx").catch(offline),
  // Not precached either (vite.config.ts): the customers' screens and Messages read the server for every row.
  Customers: () => import("../../features/customers/CustomersPage.tsx").catch(offline),
  Customer: () => import("../../features/customers/CustomerPage.tsx").catch(offline),
  Messages: () => import("../dashboard/MessagesPage.tsx").catch(offline),
  // Texts with customers: the list and a conversation, read from the server, not precached either.
  Texts: () => import("../dashboard/TextsPage.tsx").catch(offline),
  Conversation: () => import("../dashboard/ConversationPage.tsx").catch(offline),
  Services: () => import("../dashboard/ServicesPage.tsx"),
  Staff: () => import("../dashboard/StaffPage.tsx").catch(offline),
  Jobs: () => import("../../features/jobs/JobsPage.tsx"),
  Job: () => import("../../features/jobs/JobPage.tsx"),
  Settings: () => import("../../features/settings/SettingsPage.tsx").catch(offline),
  PriceBook: () => import("../../features/price-book/PriceBookPage.tsx").catch(offline),
  Plans: () => import("../../features/plans/PlansPage.tsx").catch(offline),
  // Not precached (vite.config.ts): offline, its chunk cannot load, and the screen says it needs a connection.
  Reports: () => import("../../features/reports/ReportsPage.tsx").catch(offline),
  EditBooking: () => import("../../features/bookings/edit/EditBookingPage.tsx").catch(offline),
  // Not precached (vite.config.ts): setting up a factor, ending sessions and adding a passkey need the server.
  TwoStep: () => import("../../features/account/TwoStepPage.tsx").catch(offline),
  Devices: () => import("../../features/account/DevicesPage.tsx").catch(offline),
  Passkeys: () => import("../../features/passkeys/PasskeysPage.tsx").catch(offline),
};
type Screen = keyof typeof screen;

type Module = { default: ComponentType };
/** Each screen's one load, shared by the preloads and the routes; a failed one is tried again next time. */
const loads = new Map<Screen, Promise<Module>>();
/** The screens whose code has come: their routes render them at once. */
const loaded = new Map<Screen, ComponentType>();

function load(name: Screen): Promise<Module> {
  let pending = loads.get(name);
  if (!pending) {
    pending = (screen[name]() as Promise<Module>).then(
      (m) => {
        loaded.set(name, m.default);
        return m;
      },
      (error: unknown) => {
        loads.delete(name);
        throw error;
      },
    );
    loads.set(name, pending);
  }
  return pending;
}

/**
 * A screen's route element. Its code already come (preloaded with the shell, or opened before), it renders at once;
 * otherwise through React.lazy. Suspending costs more than the wait: React holds a boundary's content until 300 ms
 * after its last fallback showed (FALLBACK_THROTTLE_MS), and the shell's first screen paid that on every start.
 */
function screenElement(name: Screen): ComponentType {
  const Lazy = lazy(() => load(name));
  return function Screen() {
    // Chosen once per mount: switching from the lazy element to the direct one would mount the screen again.
    const [Direct] = useState(() => loaded.get(name) ?? null);
    return Direct ? <Direct /> : <Lazy />;
  };
}

const P = Object.fromEntries((Object.keys(screen) as Screen[]).map((name) => [name, screenElement(name)])) as Record<
  Screen,
  ComponentType
>;

/** The screen of each staff address, as the routes below match them. */
const ADDRESSES: [RegExp, Screen][] = [
  [/^\/dashboard$/, "Dashboard"],
  [/^\/dashboard\/bookings$/, "Bookings"],
  [/^\/dashboard\/schedule$/, "Schedule"],
  [/^\/dashboard\/customers$/, "Customers"],
  [/^\/dashboard\/customers\/[^/]+$/, "Customer"],
  [/^\/dashboard\/messages$/, "Messages"],
  [/^\/dashboard\/messages\/texts$/, "Texts"],
  [/^\/dashboard\/messages\/texts\/[^/]+$/, "Conversation"],
  [/^\/dashboard\/services$/, "Services"],
  [/^\/dashboard\/staff$/, "Staff"],
  [/^\/dashboard\/settings$/, "Settings"],
  [/^\/dashboard\/settings\/plans$/, "Plans"],
  [/^\/dashboard\/reports$/, "Reports"],
  [/^\/dashboard\/price-book$/, "PriceBook"],
  [/^\/admin\/bookings\/edit\/[^/]+$/, "EditBooking"],
  [/^\/jobs$/, "Jobs"],
  [/^\/jobs\/[^/]+$/, "Job"],
  [/^\/account\/two-step$/, "TwoStep"],
  [/^\/account\/devices$/, "Devices"],
  [/^\/dashboard\/account\/passkeys$/, "Passkeys"],
];

/** The screen of a staff address (a trailing slash aside), if any. */
function screenOf(pathname: string): Screen | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return ADDRESSES.find(([address]) => address.test(path))?.[1];
}

/**
 * Starts loading the screen of `pathname` (and, for the overview, its first reads) before the routes below ask for
 * it: the shell calls it as its chunk arrives, so that the screen's chunks, then its data, do not wait for the
 * shell to render first. A screen that cannot load now is left to its route to report.
 */
export function preloadScreen(pathname: string, search = ""): void {
  const name = screenOf(pathname);
  if (!name) return;
  load(name).catch(() => undefined);
  // The overview's own reads, unless it is an old address that the overview sends on elsewhere (?tab=).
  const user = getUser();
  if (name === "Dashboard" && !new URLSearchParams(search).has("tab") && user && isAdminRole(user.role)) {
    for (const path of OVERVIEW_READS) readEarly(path);
  }
}

/**
 * Resolves once the screen of the page being opened has its code (or could not get it), so that the shell's first
 * render shows it without suspending. The shell's chunk waits for it (routes.tsx).
 */
export async function firstScreenReady(): Promise<void> {
  const name = typeof window === "undefined" ? undefined : screenOf(window.location.pathname);
  if (name) await load(name).catch(() => undefined);
}

/** One's own sign-in: every role's. */
const EVERYONE = ["owner", "admin", "technician"] as const;

/** A staff screen for `roles` (the office's by default): a technician who opens an office screen lands on their jobs. */
const staff = (page: ReactNode, roles?: readonly StaffRole[]) => <RequireAdmin roles={roles}>{page}</RequireAdmin>;

/** The staff app's screens; a new staff screen is a route here (under /dashboard, /jobs or /admin). */
export function StaffRoutes() {
  return (
    <Routes>
      <Route path="/dashboard" element={staff(<P.Dashboard />)} />
      <Route path="/dashboard/bookings" element={staff(<P.Bookings />)} />
      <Route path="/dashboard/schedule" element={staff(<P.Schedule />)} />
      <Route path="/dashboard/customers" element={staff(<P.Customers />)} />
      <Route path="/dashboard/customers/:id" element={staff(<P.Customer />)} />
      <Route path="/dashboard/messages" element={staff(<P.Messages />)} />
      <Route path="/dashboard/messages/texts" element={staff(<P.Texts />)} />
      <Route path="/dashboard/messages/texts/:customerId" element={staff(<P.Conversation />)} />
      <Route path="/dashboard/services" element={staff(<P.Services />)} />
      <Route path="/dashboard/staff" element={staff(<P.Staff />)} />
      <Route path="/dashboard/settings" element={staff(<P.Settings />)} />
      <Route path="/dashboard/settings/plans" element={staff(<P.Plans />)} />
      <Route path="/dashboard/reports" element={staff(<P.Reports />)} />
      <Route path="/dashboard/price-book" element={staff(<P.PriceBook />)} />
      <Route path="/admin/bookings/edit/:id" element={staff(<P.EditBooking />)} />
      <Route path="/account/two-step" element={staff(<P.TwoStep />, EVERYONE)} />
      <Route path="/account/devices" element={staff(<P.Devices />, EVERYONE)} />
      <Route path="/dashboard/account/passkeys" element={staff(<P.Passkeys />, EVERYONE)} />
      <Route path="/jobs" element={staff(<P.Jobs />, ["technician"])} />
      <Route path="/jobs/:id" element={staff(<P.Job />, ["technician"])} />
      <Route path="*" element={<pages.NotFound />} />
    </Routes>
  );
}
