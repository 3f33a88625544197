import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from "react";
import type { BusinessProfile } from "@contracts/settings/profile.ts";
import { DEFAULT_PROFILE, PROFILE_JSON_ID, profileIn } from "@contracts/settings/profile.ts";
import { afterPageHydration } from "./hydration.ts";
import { request } from "./http.ts";
import { useLoad } from "./useLoad.ts";
import { useTranslator } from "./i18n/translator.ts";
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
  /** What is shown, so that an unchanged answer keeps its object and nothing that reads it renders again. */
  const shown = useRef(initial);
  const read = useCallback(async () => {
    const loaded = await request<BusinessProfile>("/api/profile").catch((error: unknown) => {
      console.error("Could not load the business profile", error);
      throw error;
    });
    if (!loaded || typeof loaded !== "object") return shown.current;
    const next = withDefaults(loaded);
    // A page whose own part is still HTML would hydrate with a changed profile, not match its HTML and be rendered
    // anew over what a visitor typed: the profile waits until the page is React's.
    await afterPageHydration();
    return JSON.stringify(shown.current) === JSON.stringify(next) ? shown.current : next;
  }, []);
  // A failed read keeps what is shown.
  const load = useLoad(read, { keepShown: true });
  const profile = load.state === "ready" ? load.data : initial;
  useEffect(() => {
    shown.current = profile;
  }, [profile]);
  const { refresh } = load;
  useEffect(() => {
    // A page left open (a booking form in a background tab) reads the profile again when it is looked at, so
    // hours, closed dates and prices the owner changed meanwhile are the ones it offers.
    const onVisible = () => document.visibilityState === "visible" && refresh();
    window.addEventListener(PROFILE_CHANGED_EVENT, refresh);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener(PROFILE_CHANGED_EVENT, refresh);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [refresh]);
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

/** The profile in the page's language: what a page that prints the hours or the service area reads. */
export function useProfileInLanguage(): BusinessProfile {
  return profileIn(useProfile(), useTranslator().locale);
}
