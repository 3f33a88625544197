import type { Actor } from "../../../contracts/common/actor.ts";
import { staffActor } from "../../../contracts/common/actor.ts";
import { PASSKEY_MESSAGES, type Passkey } from "../../../contracts/staff/passkeys.ts";
import type { SessionUser } from "../../../contracts/staff/staff.ts";
import type { AuditRepo } from "../../../db/audit.ts";
import { BadRequest, Conflict, NotFound } from "../../../errors.ts";
import type { Clock } from "../../../platform/clock.ts";
import type { AdminRecord } from "../repo.ts";
import { CHALLENGE_TTL_MS, type Ceremonies, challengeOf, counterWentBack } from "./ceremonies.ts";
import type { PasskeysRepo, StoredPasskey } from "./repo.ts";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

export interface PasskeyServiceDeps {
  repo: PasskeysRepo;
  audit: Pick<AuditRepo, "record">;
  clock: Clock;
  ceremonies: Ceremonies;
  /** The business's name as the settings say now: what the browser's prompt names. */
  rpName: () => Promise<string>;
  /** The staff member a passkey belongs to, with their status. */
  staff: (id: string) => Promise<AdminRecord | null>;
}

/** Why a passkey sign-in was refused (audited; the caller is told no more than "failed"). */
export type Refusal =
  | "challenge"
  | "unknown passkey"
  | "another person's passkey"
  | "not verified"
  | "counter went backwards"
  | "not active";

export type SignInOutcome = { ok: true; staff: AdminRecord } | { ok: false; refusal: Refusal };

/** Who tried a refused sign-in: nobody proved it, so the system records it under the account it claimed. */
const claimant = (email: string | null): Actor => ({
  kind: "system",
  id: null,
  name: "passkey sign-in",
  email: email ?? "unknown",
});

/**
 * A staff member's passkeys (add, list, rename, remove) and signing in with one. Each change and each sign-in,
 * refused or not, leaves an audit entry.
 */
export function passkeyService({ repo, audit, clock, ceremonies, rpName, staff }: PasskeyServiceDeps) {
  // An authentication challenge of a step-up belongs to the signed-in person; a sign-in's to nobody yet. Each is
  // taken only as what it was issued for.
  const issue = async (challenge: string, purpose: "register" | "authenticate", staffId: string | null) => {
    const now = clock.now();
    await repo.issueChallenge(
      { challenge, purpose, staffId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) },
      now,
    );
  };

  /**
   * Refuses, with the reason in the audit trail: by the signed-in person on a step-up, else by the system under
   * the account the passkey claimed.
   */
  const refuse = async (
    refusal: Refusal,
    entityId: string,
    claimed: StoredPasskey | null,
    email: string | null,
    person: SessionUser | null,
    detail: Record<string, number> = {},
  ) => {
    await repo.transaction((tx) =>
      audit.record(tx, {
        actor: person ? staffActor(person) : claimant(email),
        entityType: "passkey",
        entityId,
        action: "sign_in_refused",
        before: null,
        after: { reason: refusal, ...(claimed && { staffId: claimed.staffId, name: claimed.name }), ...detail },
      }),
    );
    return { ok: false as const, refusal };
  };

  return {
    list: (user: SessionUser) => repo.list(user._id),

    async registrationOptions(user: SessionUser): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const options = await ceremonies.registrationOptions(user, await rpName(), await repo.credentialsOf(user._id));
      await issue(options.challenge, "register", user._id);
      return options;
    },

    async register(user: SessionUser, name: string, response: RegistrationResponseJSON): Promise<Passkey> {
      const challenge = await challengeOf(response.response.clientDataJSON);
      if (!challenge || !(await repo.takeChallenge(challenge, "register", user._id, clock.now())))
        throw new BadRequest(PASSKEY_MESSAGES.challengeUsed);
      const credential = await ceremonies.verifyRegistration(response, challenge);
      if (!credential) throw new BadRequest(PASSKEY_MESSAGES.notVerified);
      return await repo.transaction(async (tx) => {
        const added = await repo.add(tx, { ...credential, staffId: user._id, name });
        if (!added) throw new Conflict(PASSKEY_MESSAGES.alreadyAdded);
        const { _id, name: kept, createdAt } = added;
        await audit.record(tx, {
          actor: staffActor(user),
          entityType: "passkey",
          entityId: _id,
          action: "create",
          before: null,
          after: { staffId: user._id, name: kept, createdAt },
        });
        return added;
      });
    },

    async rename(user: SessionUser, id: string, name: string): Promise<Passkey> {
      return await repo.transaction(async (tx) => {
        const renamed = await repo.rename(tx, user._id, id, name);
        if (!renamed) throw new NotFound();
        await audit.record(tx, {
          actor: staffActor(user),
          entityType: "passkey",
          entityId: id,
          action: "update",
          before: { name: renamed.before.name },
          after: { name: renamed.after.name },
        });
        return renamed.after;
      });
    },

    async remove(user: SessionUser, id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const removed = await repo.remove(tx, user._id, id);
        if (!removed) throw new NotFound();
        await audit.record(tx, {
          actor: staffActor(user),
          entityType: "passkey",
          entityId: id,
          action: "delete",
          before: { staffId: user._id, name: removed.name },
          after: null,
        });
      });
    },

    async authenticationOptions() {
      const options = await ceremonies.authenticationOptions();
      await issue(options.challenge, "authenticate", null);
      return options;
    },

    /** A step-up's options: the person's own passkeys; 409 when they have none (the password is their way). */
    async reauthOptions(user: SessionUser) {
      const own = await repo.credentialsOf(user._id);
      if (own.length === 0) throw new Conflict(PASSKEY_MESSAGES.noPasskeys);
      const options = await ceremonies.reauthOptions(own);
      await issue(options.challenge, "authenticate", user._id);
      return options;
    },

    /** The passkey a browser's answer names, and its owner: what the login limits count the attempt against. */
    async claimed(credentialId: string) {
      const passkey = await repo.byCredential(credentialId);
      const owner = passkey && (await staff(passkey.staffId));
      return { passkey, owner };
    },

    /**
     * Checks an assertion of a claimed passkey: the challenge taken once, the signature, the counter moving
     * forward, the owner active. With `person` it is their step-up: the challenge must be one issued to them and
     * the passkey theirs. A success notes the new counter and the passkey's use.
     */
    async authenticate(
      response: AuthenticationResponseJSON,
      { passkey, owner }: { passkey: StoredPasskey | null; owner: AdminRecord | null },
      person: SessionUser | null = null,
    ): Promise<SignInOutcome> {
      const email = person?.email ?? owner?.email ?? null;
      const entityId = passkey?._id ?? response.id;
      const no = (refusal: Refusal, claimed: StoredPasskey | null, detail?: Record<string, number>) =>
        refuse(refusal, entityId, claimed, email, person, detail);
      const challenge = await challengeOf(response.response.clientDataJSON);
      if (!challenge || !(await repo.takeChallenge(challenge, "authenticate", person?._id ?? null, clock.now())))
        return await no("challenge", passkey);
      if (!passkey || !owner) return await no("unknown passkey", null);
      if (person && passkey.staffId !== person._id) return await no("another person's passkey", passkey);
      const counter = await ceremonies.verifyAuthentication(response, challenge, passkey);
      if (counter === null) return await no("not verified", passkey);
      if (counterWentBack(passkey.counter, counter))
        return await no("counter went backwards", passkey, {
          storedCounter: passkey.counter,
          reportedCounter: counter,
        });
      // An invited or deactivated person is refused like the password login refuses them.
      if (owner.status !== "active") return await no("not active", passkey);
      const at = clock.now();
      const recorded = await repo.transaction(async (tx) => {
        if (!(await repo.recordUse(tx, passkey._id, passkey.counter, counter, at))) return false;
        await audit.record(tx, {
          actor: staffActor(owner),
          entityType: "passkey",
          entityId,
          action: "sign_in",
          before: { counter: passkey.counter, lastUsedAt: passkey.lastUsedAt },
          after: { counter, lastUsedAt: at.toISOString(), ...(person && { step: "reauth" }) },
        });
        return true;
      });
      // Another assertion with the same counter was taken first: this one is a replay of it or a copy.
      if (!recorded) return await no("counter went backwards", passkey);
      return { ok: true, staff: owner };
    },
  };
}

export type PasskeyService = ReturnType<typeof passkeyService>;
