import type { LoginResponse } from "../../../contracts/staff/staff.ts";
import type { Clock } from "../../../platform/clock.ts";
import type { TokenService } from "../../../platform/tokens.ts";
import { type AdminRecord, type AdminsRepo, toSessionUser } from "../repo.ts";

export interface PasskeySignInDeps {
  repo: Pick<AdminsRepo, "recordSignIn">;
  tokens: Pick<TokenService, "sign">;
  clock: Clock;
}

/**
 * The one place a verified passkey becomes a signed-in person: the same `{ token, user }` a password login answers.
 * When sign-ins become sessions of their own, this is the call to point at the session's start, with the factor
 * that proved it ("passkey").
 */
export async function signInWithPasskey(
  { repo, tokens, clock }: PasskeySignInDeps,
  staff: AdminRecord,
): Promise<LoginResponse> {
  await repo.recordSignIn(staff._id, clock.now());
  const user = toSessionUser(staff);
  return { token: await tokens.sign(user), user };
}
