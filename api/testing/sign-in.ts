import assert from "node:assert/strict";
import { Secret, TOTP } from "otpauth";
import type { LoginResponse } from "../contracts/staff/staff.ts";
import type { MfaRequiredResponse, RecoveryCodes, TotpSetup } from "../contracts/staff/sign-in.ts";
import type { TestContext } from "./context.ts";

/** The code an authenticator app shows for `secret`, `steps` time steps away from the test clock's now. */
export function totpCode(ctx: TestContext, secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: ctx.clock.now().getTime() + steps * 30_000 });
}

/** POST /api/auth/login, from a device named by its user agent. */
export const passwordLogin = (ctx: TestContext, email: string, password: string, userAgent = "test-device") =>
  ctx.request<LoginResponse & MfaRequiredResponse & { message: string }>("POST", "/api/auth/login", {
    body: { email, password },
    headers: { "User-Agent": userAgent },
  });

/** Turns TOTP on for the holder of `token`: its secret and recovery codes. The clock moves on a step after. */
export async function enableTotp(
  ctx: TestContext,
  token: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await ctx.request<TotpSetup>("POST", "/api/account/totp", { token });
  assert.equal(setup.status, 200, JSON.stringify(setup.body));
  const confirmed = await ctx.request<RecoveryCodes>("POST", "/api/account/totp/confirm", {
    token,
    body: { code: totpCode(ctx, setup.body.secret) },
  });
  assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
  // The code just used is spent: the next one comes with the next step.
  ctx.clock.advance(30_000);
  return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}
