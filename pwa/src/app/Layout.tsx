import { lazy, Suspense, type ReactNode } from "react";
import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { LanguageSwitch } from "../components/LanguageSwitch.tsx";
import { IdleQueueNotices } from "../components/pwa/IdleQueueNotices.tsx";
import { OfflineIndicator } from "../components/pwa/OfflineIndicator.tsx";
import { UpdatePrompt } from "../components/pwa/UpdatePrompt.tsx";
import { defineMessages } from "@contracts/i18n/messages.ts";
import { I18nProvider } from "../lib/i18n/I18nProvider.tsx";
import { HydratesAsWritten, useTranslator } from "../lib/i18n/translator.ts";
import { ProfileProvider } from "../lib/profile.tsx";
import { NavBar } from "./NavBar.tsx";
import { RouteScroll, ScrollTopButton } from "./ScrollManager.tsx";
import { TopBar } from "./TopBar.tsx";
import "./layout.css";

/**
 * Links and text, far below the first screen: its code is a chunk of its own and it hydrates in a boundary of its
 * own, after the page has (decision 0074), so neither weighs on the start of the page a visitor came for.
 */
const Footer = lazy(() => import("./Footer.tsx").then((module) => ({ default: module.Footer })));

const skip = defineMessages({ skip: { id: "public.layout.skip", defaultMessage: "Skip to content" } });

function SkipLink() {
  const { t } = useTranslator();
  return (
    <a className="skip-link" href="#main">
      {t(skip.skip)}
    </a>
  );
}

/**
 * Top bar, navigation and footer around every public page (staff screens have a shell of their own, app/shell/);
 * the business profile is loaded here once, starting from `profile` (the one the page was served with).
 */
export function Layout({ profile, children }: { profile?: BusinessProfile; children: ReactNode }) {
  return (
    <I18nProvider area="public">
      <ProfileProvider initial={profile}>
        <SkipLink />
        <OfflineIndicator />
        <TopBar />
        {/* Only the navigation sticks; the top bar scrolls away to leave room on phones. */}
        <header className="site-header">
          <NavBar />
        </header>
        <main id="main" tabIndex={-1}>
          <IdleQueueNotices />
          {children}
        </main>
        <Suspense fallback={null}>
          <HydratesAsWritten>
            <Footer languageSwitch={<LanguageSwitch className="site-footer__language" />} />
          </HydratesAsWritten>
        </Suspense>
        <UpdatePrompt />
        <ScrollTopButton />
        <RouteScroll />
      </ProfileProvider>
    </I18nProvider>
  );
}
