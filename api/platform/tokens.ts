import { Buffer } from "node:buffer";
import { createHmac, timingSafeEqual } from "node:crypto";
import { type JWTPayload, jwtVerify, SignJWT } from "jose";
import { type SessionUser, STAFF_ROLES, type StaffRole } from "../contracts/staff/staff.ts";
import type { Clock } from "./clock.ts";

export const TOKEN_ISSUER = "clearflow-api";
export const TOKEN_AUDIENCE = "clearflow-admin";
export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
const ALGORITHM = "HS256";

export interface VerifiedAdmin extends SessionUser {
  expiresAt: Date;
}

/**
 * The current token version of each staff member (raised by logout, a password change, a change of role and a
 * deactivation), or null for no such person.
 */
export interface TokenVersions {
  tokenVersion(adminId: string): Promise<number | null>;
}

/** Claim holding the admin's token version at issue. */
export const VERSION_CLAIM = "ver";

/**
 * Issues and checks the admins' bearer tokens: HS256 only (a token naming another algorithm is refused), our
 * issuer and audience, an expiry, and the admin's current token version, so logout revokes a copied token.
 */
export interface TokenService {
  sign(user: SessionUser): Promise<string>;
  /**
   * The admin a token was issued to, or null for a missing, expired, tampered, foreign or revoked token.
   * Throws only when the token version cannot be read (database down): the caller answers 503, not 401.
   */
  authenticate(token: string): Promise<VerifiedAdmin | null>;
  /**
   * A link's token that needs no sign-in (a visit's rating link): `{subject}.{HMAC}` under the service's secret, for
   * one purpose; it proves only that this server made it for that subject.
   */
  signLink(purpose: string, subject: string): string;
  /** The subject of a link's token made by signLink for `purpose`, or null for any other text. */
  verifyLink(purpose: string, token: string): string | null;
}

export function createTokenService(secret: string, clock: Clock, versions: TokenVersions): TokenService {
  const key = new TextEncoder().encode(secret);

  const authenticate = async (token: string): Promise<VerifiedAdmin | null> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        currentDate: clock.now(),
        requiredClaims: ["exp", "iat", "sub", VERSION_CLAIM],
      }));
    } catch {
      return null;
    }
    const version = payload[VERSION_CLAIM];
    const role = payload.role as StaffRole;
    if (!STAFF_ROLES.includes(role) || typeof payload.email !== "string" || typeof version !== "number") return null;
    // Read on every request and socket handshake (one primary-key lookup): a revoked token stops at once.
    if (version !== (await versions.tokenVersion(payload.sub!))) return null;
    return {
      _id: payload.sub!,
      email: payload.email,
      name: typeof payload.name === "string" ? payload.name : payload.email,
      role,
      expiresAt: new Date(payload.exp! * 1000),
    };
  };

  // The purpose is part of what is signed: a link made for one use opens nothing else.
  const linkMac = (purpose: string, subject: string) =>
    createHmac("sha256", key).update(`link:${purpose}\n${subject}`).digest("base64url");

  return {
    signLink: (purpose, subject) => `${subject}.${linkMac(purpose, subject)}`,
    verifyLink(purpose, token) {
      const dot = token.lastIndexOf(".");
      if (dot <= 0 || token.length > 200) return null;
      const subject = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(linkMac(purpose, subject));
      return given.length === expected.length && timingSafeEqual(given, expected) ? subject : null;
    },
    async sign(user) {
      const version = await versions.tokenVersion(user._id);
      if (version === null) throw new Error("cannot issue a token for an unknown admin");
      const now = Math.floor(clock.now().getTime() / 1000);
      return await new SignJWT({ email: user.email, name: user.name, role: user.role, [VERSION_CLAIM]: version })
        .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
        .setSubject(user._id)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + TOKEN_LIFETIME_SECONDS)
        .sign(key);
    },
    authenticate,
  };
}
