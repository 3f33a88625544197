import { publicRoute } from "../../http/roles.ts";
import { type Context, Hono } from "hono";
import type { InvitationView, LoginResponse, SessionUser } from "../../contracts/staff/staff.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { InvitationAcceptSchema } from "../../contracts/staff/schemas.ts";
import { Gone, NotFound } from "../../errors.ts";
import type { AppEnv } from "../../http/env.ts";
import { validateJson } from "../../http/validate.ts";
import type { Clock } from "../../platform/clock.ts";
import { hashPassword } from "../../platform/passwords.ts";
import type { InvitationRecord, StaffRepo } from "./repo.ts";
import { hashInvitationToken, isInvitationToken } from "./tokens.ts";

export interface InvitationsDeps {
  repo: StaffRepo;
  /** Signs the person in (a session of a password sign-in) from the request that chose the password. */
  signIn: (user: SessionUser, c: Context<AppEnv>) => Promise<LoginResponse>;
  clock: Clock;
  /** scrypt's cost for the chosen password's hash (config's passwordHashCost). */
  passwordCost: number;
}

/**
 * /api/invitations/{token}, public: who the link invites, and choosing a password with it, which signs the person
 * in. 404 for a link that never existed, 410 for one used, expired, replaced by a newer one's resend or whose person
 * was deactivated.
 */
export function invitationsRoutes({ repo, signIn, clock, passwordCost }: InvitationsDeps) {
  const hashOf = (token: string) => {
    if (!isInvitationToken(token)) throw new NotFound(MESSAGES.invitationNotFound);
    return hashInvitationToken(token);
  };
  const usable = (found: InvitationRecord | null): InvitationRecord => {
    if (!found) throw new NotFound(MESSAGES.invitationNotFound);
    if (found.usedAt || found.expiresAt.getTime() <= clock.now().getTime() || found.status !== "invited") {
      throw new Gone(MESSAGES.invitationGone);
    }
    return found;
  };

  return new Hono<AppEnv>()
    .get("/:token", publicRoute, async (c) => {
      const found = usable(await repo.findInvitation(hashOf(c.req.param("token"))));
      const body: InvitationView = { name: found.name, email: found.email };
      return c.json(body);
    })
    .post("/:token", publicRoute, validateJson(InvitationAcceptSchema), async (c) => {
      const hash = hashOf(c.req.param("token"));
      // Checked once before the slow hash (a dead link answers at once), and again under the lock.
      usable(await repo.findInvitation(hash));
      const passwordHash = await hashPassword(c.req.valid("json").password, passwordCost);
      const member = await repo.transaction(async (tx) => {
        const found = usable(await repo.findInvitationForUpdate(tx, hash));
        return await repo.accept(tx, hash, found.staffId, passwordHash, clock.now());
      });
      const user = {
        _id: member._id,
        name: member.name,
        email: member.email,
        role: member.role,
        locale: member.locale,
      };
      const body: LoginResponse = await signIn(user, c);
      return c.json(body);
    });
}
