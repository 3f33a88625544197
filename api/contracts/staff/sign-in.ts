import * as v from "valibot";
import type { SessionUser } from "./staff.ts";

/** What a sign-in (or a step-up) proved: the password, a TOTP code, a recovery code, a passkey. */
export const SIGN_IN_FACTORS = ["password", "totp", "recovery", "passkey"] as const;
export type SignInFactor = (typeof SIGN_IN_FACTORS)[number];

/** A step-up action needs a sign-in this recent. */
export const STEP_UP_WINDOW_MS = 10 * 60 * 1000;

/** Wrong codes that lock a login's second step. */
export const MFA_MAX_FAILURES = 5;

/** How long the second step of a login may wait after the password. */
export const MFA_CHALLENGE_MS = 5 * 60 * 1000;

export const RECOVERY_CODE_COUNT = 10;

/** A session's last seen time (and address) is written at most this often. */
export const SESSION_SEEN_EVERY_MS = 60 * 1000;

/** The second factors a person has now (a passkey is a whole sign-in of its own). */
export interface PersonFactors {
  totp: boolean;
}

/**
 * Whether a sign-in counts for a step-up action: made in the last 10 minutes with every factor the person has at
 * the time of the action. A passkey is a whole sign-in; a password counts alone only for a person with no second
 * factor, so a password sign-in made before they added TOTP does not count.
 */
export function signInCounts(used: readonly SignInFactor[], at: Date, has: PersonFactors, now: Date): boolean {
  const age = now.getTime() - at.getTime();
  if (age < 0 || age > STEP_UP_WINDOW_MS) return false;
  if (used.includes("passkey")) return true;
  if (!used.includes("password")) return false;
  return !has.totp || used.includes("totp") || used.includes("recovery");
}

/** Whether the sign-in policy requires a second factor of someone in this role. */
export const factorRequired = (role: SessionUser["role"], policy: SignInPolicy) =>
  role === "technician" ? policy.requireTechnicians : policy.requireOffice;

/** Settings → Security (owner only). */
export interface SignInPolicy {
  /** Owners and admins must have a second factor. */
  requireOffice: boolean;
  /** Technicians too. */
  requireTechnicians: boolean;
}

/** POST /api/auth/login for a person with a second factor: the password was right; now the code. */
export interface MfaRequiredResponse {
  mfaRequired: true;
  challenge: string;
}

/** POST /api/account/totp: the secret, not active until confirmed by a first code. */
export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
}

/** POST /api/account/totp/confirm: shown once. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** GET /api/account/totp. */
export interface TotpStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/** One sign-in, as GET /api/account/sessions lists it. */
export interface StaffSessionView {
  _id: string;
  device: string;
  createdAt: string;
  lastSeenAt: string;
  lastAddress: string;
  /** The session of the token that asked. */
  current: boolean;
}

const code = v.pipe(v.string("Code must be text"), v.trim(), v.regex(/^\d{6}$/, "Enter the 6-digit code"));
const recoveryCode = v.pipe(
  v.string("Recovery code must be text"),
  v.trim(),
  v.minLength(8, "Enter a recovery code"),
  v.maxLength(40),
);
const challenge = v.pipe(v.string("Challenge must be text"), v.minLength(20), v.maxLength(100));

/** POST /api/auth/login/mfa: the challenge and a code or a recovery code. */
export const LoginMfaSchema = v.union(
  [v.object({ challenge, code }), v.object({ challenge, recoveryCode })],
  "Send the challenge with a code or a recovery code",
);
export type LoginMfaInput = v.InferOutput<typeof LoginMfaSchema>;

/** POST /api/account/totp/confirm. */
export const TotpConfirmSchema = v.object({ code });

/** POST /api/auth/reauth: the password, and the code for a person with TOTP (or a recovery code). */
export const ReauthSchema = v.object({
  password: v.pipe(v.string("Password must be text"), v.nonEmpty("Password is required"), v.maxLength(200)),
  code: v.optional(code),
  recoveryCode: v.optional(recoveryCode),
});

/** PUT /api/settings/security. */
export const SignInPolicySchema = v.object({
  requireOffice: v.boolean("requireOffice must be true or false"),
  requireTechnicians: v.boolean("requireTechnicians must be true or false"),
});
