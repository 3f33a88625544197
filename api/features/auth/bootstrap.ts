import type { AdminsRepo } from "./repo.ts";
import { hashPassword, randomPassword, verifyPassword } from "../../platform/passwords.ts";

export interface BootstrapOptions {
  adminEmail: string | null;
  adminPassword: string | null;
  /** True on the embedded default, where a first admin is made up when none is configured. */
  embedded: boolean;
  /** Where the made-up credentials go, once. */
  announce: (text: string) => void;
  /** scrypt's cost for the hash (config's passwordHashCost). */
  passwordCost: number;
}

export const GENERATED_ADMIN_EMAIL = "admin@clearflow.local";

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD create that admin, or set its password when it changed, at every start. On the embedded default with
 * neither given and no admin yet, the first start creates one with a random password and prints it.
 */
export async function ensureAdmin(repo: AdminsRepo, options: BootstrapOptions): Promise<void> {
  if (options.adminEmail && options.adminPassword) {
    // Unchanged credentials change nothing (every instance runs this at start and tokens must survive a
    // restart); a new ADMIN_PASSWORD replaces the hash and revokes the tokens issued under the old one.
    const existing = await repo.findByEmail(options.adminEmail);
    if (existing && (await verifyPassword(options.adminPassword, existing.passwordHash))) return;
    await repo.upsert({
      email: options.adminEmail,
      name: "Administrator",
      passwordHash: await hashPassword(options.adminPassword, options.passwordCost),
    });
    return;
  }
  if (!options.embedded || (await repo.count()) > 0) return;
  const password = randomPassword();
  await repo.upsert({
    email: GENERATED_ADMIN_EMAIL,
    name: "Administrator",
    passwordHash: await hashPassword(password, options.passwordCost),
  });
  options.announce(
    [
      "An admin account was created for this local site (shown only this once):",
      `  email:    ${GENERATED_ADMIN_EMAIL}`,
      `  password: ${password}`,
      "Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.",
    ].join("\n"),
  );
}
