import { createHash, randomBytes } from "node:crypto";

/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Invitation tokens are 32 random bytes, base64url: 43 characters. Anything else is not looked up. */
export const isInvitationToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Only this is stored: a leaked table opens no invitation. */
export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashInvitationToken(token) };
}

/** The page of the PWA where an invited person chooses their password. */
export const invitationPath = (token: string) => `/invite/${token}`;
