import type { Settings, SettingsSaved } from "@contracts/settings/settings.ts";
import type { SettingsUpdate } from "@contracts/settings/schemas.ts";
import { request } from "../../lib/http.ts";

// Admin calls: each sends the Bearer token, and a 401 ends the session.

export function fetchSettings(): Promise<Settings> {
  return request<Settings>("/api/settings", { auth: true });
}

export function saveSettings(update: SettingsUpdate): Promise<SettingsSaved> {
  return request<SettingsSaved>("/api/settings", { method: "PUT", body: update, auth: true });
}
