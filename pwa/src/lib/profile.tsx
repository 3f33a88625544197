import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { DEFAULT_PROFILE, PROFILE_JSON_ID } from "@contracts/settings/profile.ts";
import { afterPageHydration } from "./hydration.ts";
import { request } from "./http.ts";
import { forgetCachedProfile } from "./pwa/publicCache.ts";

export { telHref } from "@contracts/settings/profile.ts";

const ProfileContext = createContext<BusinessProfile>(DEFAULT_PROFILE);

const withDefaults = (loaded: Partial<BusinessProfile>): BusinessProfile => ({ ...DEFAULT_PROFILE, ...loaded });

/**
 * The profile the server put into this page (api/http/pwa-static.ts), which its HTML was filled with: the first
 * render must use it for hydration to match. Null where the page carries none (the dev server) or it is unreadable.
 */
export function embeddedProfile(): BusinessProfile | null {
  const text = typeof document === "undefined" ? null : document.getElementById(PROFILE_JSON_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" ? withDefaults(parsed as Partial<BusinessProfile>) : null;
  } catch {
    return null;
  }
}

/**
 * The business profile for the whole app: `initial` first (the page's own, or the build's template when rendering
 * at build time), then GET /api/profile, which also refreshes a page kept by the service worker since an older
 * profile. A failed load keeps what is shown.
 */
export function ProfileProvider({
  initial = DEFAULT_PROFILE,
  children,
}: {
  initial?: BusinessProfile;
  children: ReactNode;
}) {
  const [profile, setProfile] = useState(initial);
  useEffect(() => {
    let live = true;
    const load = () =>
      request<BusinessProfile>("/api/profile")
        .then(async (loaded) => {
          if (!loaded || typeof loaded !== "object") return;
          const next = withDefaults(loaded);
          await afterPageHydration();
          if (!live) return;
          // A page whose own part is still HTML would hydrate with a changed profile, not match its HTML and be
          // rendered anew over what a visitor typed: the profile waits until the page is React's. Unchanged, it
          // keeps its object, so nothing that reads it renders again.
          setProfile((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
        })
        .catch((error: unknown) => console.error("Could not load the business profile", error));
    // A page left open (a booking form in a background tab) reads the profile again when it is looked at, so
    // hours, closed dates and prices the owner changed meanwhile are the ones it offers.
    const onVisible = () => document.visibilityState === "visible" && void load();
    void load();
    window.addEventListener(PROFILE_CHANGED_EVENT, load);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      live = false;
      window.removeEventListener(PROFILE_CHANGED_EVENT, load);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);
  return <ProfileContext.Provider value={profile}>{children}</ProfileContext.Provider>;
}

const PROFILE_CHANGED_EVENT = "profile-changed";

/**
 * The owner saved new settings (here or on another device): this device's cached copy is dropped, and every part of
 * the page that shows the profile reads it again from the server.
 */
export async function refreshProfile(): Promise<void> {
  await forgetCachedProfile();
  window.dispatchEvent(new Event(PROFILE_CHANGED_EVENT));
}

export function useProfile(): BusinessProfile {
  return useContext(ProfileContext);
}
