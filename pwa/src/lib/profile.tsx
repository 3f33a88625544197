import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { BusinessProfile } from "@contracts/entities.ts";
import { DEFAULT_PROFILE } from "@contracts/profile.ts";
import { request } from "./http.ts";

// The defaults show until GET /api/profile answers, and stay if it never does (offline on a first visit).
const ProfileContext = createContext<BusinessProfile>(DEFAULT_PROFILE);

/** Loads the business profile once for the whole app; failures keep the defaults. */
export function ProfileProvider({ children }: { children: ReactNode }) {
  const [profile, setProfile] = useState(DEFAULT_PROFILE);
  useEffect(() => {
    let live = true;
    request<BusinessProfile>("/api/profile")
      .then((loaded) => {
        if (live && loaded && typeof loaded === "object") setProfile({ ...DEFAULT_PROFILE, ...loaded });
      })
      .catch((error: unknown) => console.error("Could not load the business profile", error));
    return () => {
      live = false;
    };
  }, []);
  return <ProfileContext.Provider value={profile}>{children}</ProfileContext.Provider>;
}

export function useProfile(): BusinessProfile {
  return useContext(ProfileContext);
}

/** "tel:" link target of a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
