import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { OfflineIndicator } from "../components/pwa/OfflineIndicator.tsx";
import { UpdatePrompt } from "../components/pwa/UpdatePrompt.tsx";
import { whenIdle } from "../lib/idle.ts";
import { ProfileProvider } from "../lib/profile.tsx";
import { Footer } from "./Footer.tsx";
import { NavBar } from "./NavBar.tsx";
import { RouteScroll, ScrollTopButton } from "./ScrollManager.tsx";
import { TopBar } from "./TopBar.tsx";
import "./layout.css";

// The device queue's notices read IndexedDB: their code is a chunk of its own, loaded once the page is idle.
const QueueNotices = lazy(() =>
  import("../components/pwa/QueueNotices.tsx").then((module) => ({ default: module.QueueNotices })),
);

/** False until the page has painted and gone idle once. */
function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}

/**
 * Top bar, navigation and footer around every page; the business profile is loaded here once, starting from
 * `profile` (the one the page was served with).
 */
export function Layout({ profile, children }: { profile?: BusinessProfile; children: ReactNode }) {
  const idle = useIdle();
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
        {idle && (
          <Suspense fallback={null}>
            <QueueNotices />
          </Suspense>
        )}
        {children}
      </main>
      <Footer />
      <UpdatePrompt />
      <ScrollTopButton />
      <RouteScroll />
    </ProfileProvider>
  );
}
