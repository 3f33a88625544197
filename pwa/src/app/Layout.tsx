import type { ReactNode } from "react";
import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { IdleQueueNotices } from "../components/pwa/IdleQueueNotices.tsx";
import { OfflineIndicator } from "../components/pwa/OfflineIndicator.tsx";
import { UpdatePrompt } from "../components/pwa/UpdatePrompt.tsx";
import { ProfileProvider } from "../lib/profile.tsx";
import { Footer } from "./Footer.tsx";
import { NavBar } from "./NavBar.tsx";
import { RouteScroll, ScrollTopButton } from "./ScrollManager.tsx";
import { TopBar } from "./TopBar.tsx";
import "./layout.css";

/**
 * Top bar, navigation and footer around every public page (staff screens have a shell of their own, app/shell/);
 * the business profile is loaded here once, starting from `profile` (the one the page was served with).
 */
export function Layout({ profile, children }: { profile?: BusinessProfile; children: ReactNode }) {
  return (
    <ProfileProvider initial={profile}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
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
      <Footer />
      <UpdatePrompt />
      <ScrollTopButton />
      <RouteScroll />
    </ProfileProvider>
  );
}
