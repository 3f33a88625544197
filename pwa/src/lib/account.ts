import type { LoginResponse } from "@contracts/staff/staff.ts";
import type {
  MfaRequiredResponse,
  RecoveryCodes,
  SignInPolicy,
  StaffSessionView,
  TotpSetup,
  TotpStatus,
} from "@contracts/staff/sign-in.ts";
import type { StaffLanguage } from "@contracts/staff/language.ts";
import { request } from "./http.ts";

/** A code, or a recovery code: what the second step of a sign-in or a step-up sends. */
export type SecondFactor = { code: string } | { recoveryCode: string };

/** Six digits are a code from the app; anything else typed there is taken for a recovery code. */
export const secondFactorOf = (typed: string): SecondFactor => {
  const trimmed = typed.trim();
  return /^\d{6}$/.test(trimmed) ? { code: trimmed } : { recoveryCode: trimmed };
};

/** The staff's own sign-in: the second step of a login, step-up, TOTP and sessions (devices). */
export const accountApi = {
  finishLogin: (challenge: string, factor: SecondFactor) =>
    request<LoginResponse>("/api/auth/login/mfa", { method: "POST", body: { challenge, ...factor } }),
  reauth: (password: string, factor: SecondFactor | null) =>
    request<LoginResponse>("/api/auth/reauth", { method: "POST", auth: true, body: { password, ...factor } }),
  setLanguage: (locale: StaffLanguage["locale"]) =>
    request<StaffLanguage>("/api/account/language", { method: "PUT", auth: true, body: { locale } }),
  totpStatus: () => request<TotpStatus>("/api/account/totp", { auth: true }),
  startTotp: () => request<TotpSetup>("/api/account/totp", { method: "POST", auth: true }),
  confirmTotp: (code: string) =>
    request<RecoveryCodes>("/api/account/totp/confirm", { method: "POST", auth: true, body: { code } }),
  removeTotp: () => request<null>("/api/account/totp", { method: "DELETE", auth: true }),
  sessions: () => request<StaffSessionView[]>("/api/account/sessions", { auth: true }),
  revokeSession: (id: string) =>
    request<null>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: "DELETE", auth: true }),
  revokeOthers: () =>
    request<{ revoked: number }>("/api/account/sessions?others=true", { method: "DELETE", auth: true }),
  staffSessions: (staffId: string) =>
    request<StaffSessionView[]>(`/api/staff/${encodeURIComponent(staffId)}/sessions`, { auth: true }),
  revokeStaffSession: (staffId: string, id: string) =>
    request<null>(`/api/staff/${encodeURIComponent(staffId)}/sessions/${encodeURIComponent(id)}`, {
      method: "DELETE",
      auth: true,
    }),
  policy: () => request<SignInPolicy>("/api/sign-in-policy", { auth: true }),
  savePolicy: (policy: SignInPolicy) =>
    request<SignInPolicy>("/api/sign-in-policy", { method: "PUT", auth: true, body: policy }),
};

/** True for a login's answer that asks for the code next. */
export const needsCode = (answer: LoginResponse | MfaRequiredResponse): answer is MfaRequiredResponse =>
  "mfaRequired" in answer && answer.mfaRequired === true;
