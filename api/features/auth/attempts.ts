import type { Context } from "hono";
import type { Limiters } from "../../deps.ts";
import { TooManyRequests } from "../../errors.ts";
import { clientIp } from "../../http/client-ip.ts";

export type AttemptKeys = { ip: string; account: string };

/**
 * The login limits, for every way of proving who one is (a password, a passkey): failures per client address and
 * per account.
 */
export function loginAttempts(limiters: Pick<Limiters, "loginPerIp" | "loginPerAccount">, trustProxy: boolean) {
  const keys = (c: Context, account: string): AttemptKeys => ({
    ip: `login:${clientIp(c, trustProxy)}`,
    account: `login-account:${account.toLowerCase()}`,
  });
  /**
   * Takes one attempt from the address and one from the account before the proof is checked, in one step
   * each: parallel guesses cannot all pass a check that none of them has counted yet. 429 when either has used
   * up its failures; the refused request then holds no attempt.
   */
  const take = async (k: AttemptKeys) => {
    const [ip, account] = await Promise.all([limiters.loginPerIp.take(k.ip), limiters.loginPerAccount.take(k.account)]);
    if (ip.allowed && account.allowed) return;
    await Promise.all([
      ip.allowed && limiters.loginPerIp.giveBack(k.ip),
      account.allowed && limiters.loginPerAccount.giveBack(k.account),
    ]);
    throw new TooManyRequests(Math.max(ip.allowed ? 0 : ip.retryAfter, account.allowed ? 0 : account.retryAfter));
  };
  const giveBack = (k: AttemptKeys) =>
    Promise.all([limiters.loginPerIp.giveBack(k.ip), limiters.loginPerAccount.giveBack(k.account)]);
  return {
    keys,
    giveBack,
    /** Runs the check on an attempt taken: a failed proof keeps it as the failure; an error (the database away)
     *  gives it back, as that was no guess. */
    async checked<T>(k: AttemptKeys, check: () => Promise<T>): Promise<T> {
      await take(k);
      try {
        return await check();
      } catch (error) {
        await giveBack(k);
        throw error;
      }
    },
    /** After a success: the account's failures are kept (a success from one address must not hand another one
     *  fresh guesses); only this request's own attempt goes back. */
    succeeded: (k: AttemptKeys) =>
      Promise.all([limiters.loginPerIp.reset(k.ip), limiters.loginPerAccount.giveBack(k.account)]),
  };
}
