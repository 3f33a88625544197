import type { LoginResponse } from "../../../contracts/staff/staff.ts";
import type { AdminRecord } from "../repo.ts";
import { toSessionUser } from "../repo.ts";
import type { StaffSessions } from "../sessions.ts";

export interface PasskeySignInDeps {
  sessions: Pick<StaffSessions, "startSession">;
}

/**
 * The one place a verified passkey becomes a signed-in person: a session like a password login's, proved by the
 * passkey alone. A passkey is what the sign-in policy asks for, so such a session never has a factor to set up.
 */
export function signInWithPasskey(
  { sessions }: PasskeySignInDeps,
  staff: AdminRecord,
  device: { userAgent: string; ip: string },
): Promise<LoginResponse> {
  return sessions.startSession({ user: toSessionUser(staff), factors: ["passkey"], ...device });
}
