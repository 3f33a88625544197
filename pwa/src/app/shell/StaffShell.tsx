// First, so that the shell's own styles and the screens' come after the shared ones they build on.
import "../../styles/staff.css";
import { defineMessages } from "@contracts/i18n/messages.ts";
import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { isAdminRole } from "@contracts/staff/staff.ts";
import { lazy, Suspense, useEffect } from "react";
import { useLocation } from "react-router-dom";
import { LiveBadge } from "../../components/LiveBadge.tsx";
import { Link } from "../../components/Link.tsx";
import { LogoMark } from "../../components/Logo.tsx";
import { IdleQueueNotices } from "../../components/pwa/IdleQueueNotices.tsx";
import { OfflineIndicator } from "../../components/pwa/OfflineIndicator.tsx";
import { UpdatePrompt } from "../../components/pwa/UpdatePrompt.tsx";
import { I18nProvider, useTranslator } from "../../lib/i18n/I18nProvider.tsx";
import { chooseLocale, currentLocale } from "../../lib/i18n/locale.ts";
import { ProfileProvider, useProfile } from "../../lib/profile.tsx";
import { whenIdle } from "../../lib/idle.ts";
import { getUser, homeOf } from "../../lib/session.ts";
import { RouteScroll } from "../ScrollManager.tsx";
import { AccountMenu } from "./AccountMenu.tsx";
import { QueueState } from "./QueueState.tsx";
import { ShellIcon } from "./ShellIcon.tsx";
import { preloadScreen, StaffRoutes } from "./StaffRoutes.tsx";
import { StepUpHost } from "./StepUpHost.tsx";
import { useSetupRequired } from "./useSetupRequired.ts";
import { askToKeepStaffKit } from "../../lib/pwa/staffKit.ts";
import "./StaffShell.css";

// The shell renders once its first screen has come (routes.tsx): no route suspends on a start.
export { firstScreenReady } from "./StaffRoutes.tsx";

// As this chunk arrives: the screen being opened starts loading, and the overview's first reads leave.
if (typeof window !== "undefined") preloadScreen(window.location.pathname, window.location.search);

/**
 * Where the office goes next from the overview, loaded once the first screen is on view and the tablet is idle, so
 * that a tap on them draws at once: the customers' chunk is not precached (decision 0063).
 */
const OFFICE_NEXT = ["/dashboard/customers", "/dashboard/bookings"];

const messages = defineMessages({
  skip: { id: "field.shell.skip", defaultMessage: "Skip to content" },
  sections: { id: "field.shell.sections", defaultMessage: "Sections" },
  myJobs: { id: "field.shell.myJobs", defaultMessage: "My Jobs" },
});

// The office's sections, More and the unread count: loaded for the office only (a technician has My Jobs alone).
const OfficeNav = lazy(() => import("./OfficeNav.tsx"));
// The unread count reads the server and listens live: loaded after the first paint, for the office only.
const UnreadCount = lazy(() => import("./UnreadCount.tsx"));
const unreadCount = (
  <Suspense fallback={null}>
    <UnreadCount />
  </Suspense>
);

/**
 * Where the signed-in staff work: the business's short name and logo, the sections their role may open, the
 * device queue's state, the live connection and the account menu; the screen itself below (StaffRoutes).
 * No public top bar, navigation, Book Now or footer. Its own chunk: the public pages never load it.
 */
export default function StaffShell({ profile }: { profile?: BusinessProfile }) {
  // The staff member's language, from their account (as their sign-in answered it), is the device's from here on.
  const chosen = getUser()?.locale;
  if (chosen && chosen !== currentLocale()) chooseLocale(chosen);
  return (
    <ProfileProvider initial={profile}>
      <I18nProvider area="field">
        <Chrome />
      </I18nProvider>
    </ProfileProvider>
  );
}

function Chrome() {
  const { t } = useTranslator();
  const { shortName } = useProfile();
  const { pathname } = useLocation();
  const user = getUser();
  // RequireAdmin around the shell has checked the session; a wiped one (logout) leaves an empty bar for a moment.
  const office = user ? isAdminRole(user.role) : false;
  const bottomNav = office;
  const here = pathname.replace(/\/+$/, "") || "/";
  useSetupRequired();
  // This device is a staff one from now on: the worker keeps the staff app's files for it to open offline.
  useEffect(askToKeepStaffKit, []);

  return (
    <div className={bottomNav ? "adm shell shell--bottom-nav" : "adm shell"}>
      <a className="skip-link" href="#main">
        {t(messages.skip)}
      </a>
      <OfflineIndicator />
      <header className="shell-bar">
        <div className="shell-bar__row">
          <Link to={homeOf(user)} className="shell-brand">
            <LogoMark size={34} />
            <span>{shortName}</span>
          </Link>
          {user &&
            (office ? (
              // Until its chunk has come: the bar's room, so that nothing moves when it shows.
              <Suspense fallback={<div className="shell-nav shell-nav--bottom" aria-hidden="true" />}>
                <OfficeNav here={here} unread={unreadCount} />
              </Suspense>
            ) : (
              <JobsNav current={here === "/jobs" || here.startsWith("/jobs/")} />
            ))}
          <div className="shell-status">
            <LiveBadge />
            <QueueState />
          </div>
          {user && <AccountMenu name={user.name} email={user.email} role={user.role} />}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="shell-main">
        {/* What the sync state has to say above any screen (the browser cleared the storage). */}
        <div id="shell-notices" />
        {/* A visitor's own bookings and messages waiting on this device, as on the public pages. */}
        <IdleQueueNotices />
        <Suspense fallback={<div className="page-loading" role="status" aria-live="polite" />}>
          <StaffRoutes />
          {office && <LoadNextScreens />}
        </Suspense>
      </main>
      <UpdatePrompt />
      <StepUpHost />
      <RouteScroll />
    </div>
  );
}

/** In the screen's Suspense, so that it starts once the first screen has come, not while it is on its way. */
function LoadNextScreens() {
  useEffect(() => whenIdle(() => OFFICE_NEXT.forEach((path) => preloadScreen(path))), []);
  return null;
}

/** A technician's one section, My Jobs: the markup of the office's navigation (SectionsNav) without its code. */
function JobsNav({ current }: { current: boolean }) {
  const { t } = useTranslator();
  return (
    <nav className="shell-nav" aria-label={t(messages.sections)}>
      <ul className="shell-nav__list">
        <li className="shell-nav__item">
          <Link
            to="/jobs"
            className={current ? "shell-nav__link shell-nav__link--current" : "shell-nav__link"}
            aria-current={current ? "page" : undefined}
          >
            <ShellIcon name="jobs" />
            <span className="shell-nav__label">{t(messages.myJobs)}</span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
