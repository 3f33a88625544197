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
  issuedAt: Date;
  /** The session the token names; null for a token issued before sessions (valid until it expires). */
  sessionId: string | null;
  /** The sign-in policy wants a second factor set up before anything else on this session. */
  setupRequired: boolean;
}

/**
 * The current token version of each staff member (raised by logout, a password change, a change of role and a
 * deactivation), or null for no such person.
 */
export interface TokenVersions {
  tokenVersion(adminId: string): Promise<number | null>;
  /**
   * The person's token version and whether their session still waits for a second factor; null for no such person
   * or a session of theirs that has ended (revoked).
   */
  sessionState(adminId: string, sessionId: string): Promise<{ version: number; setupRequired: boolean } | null>;
}

/** Claim naming the sign-in's session. */
export const SESSION_CLAIM = "sid";

/** Claim holding the admin's token version at issue. */
export const VERSION_CLAIM = "ver";

/**
 * Issues and checks the admins' bearer tokens: HS256 only (a token naming another algorithm is refused), our
 * issuer and audience, an expiry, and the admin's current token version, so logout revokes a copied token.
 */
export interface TokenService {
  /** A token for the person, naming their session (every sign-in makes one: see startSession). */
  sign(user: SessionUser, sessionId?: string): Promise<string>;
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
    const sessionId = payload[SESSION_CLAIM];
    if (!STAFF_ROLES.includes(role) || typeof payload.email !== "string" || typeof version !== "number") return null;
    if (sessionId !== undefined && typeof sessionId !== "string") return null;
    // Read on every request and socket handshake (one primary-key lookup): a revoked token or session stops at once.
    const state = sessionId
      ? await versions.sessionState(payload.sub!, sessionId)
      : { version: await versions.tokenVersion(payload.sub!), setupRequired: false };
    if (!state || version !== state.version) return null;
    return {
      _id: payload.sub!,
      email: payload.email,
      name: typeof payload.name === "string" ? payload.name : payload.email,
      role,
      expiresAt: new Date(payload.exp! * 1000),
      issuedAt: new Date(payload.iat! * 1000),
      sessionId: sessionId ?? null,
      setupRequired: state.setupRequired,
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
    async sign(user, sessionId) {
      const version = await versions.tokenVersion(user._id);
      if (version === null) throw new Error("cannot issue a token for an unknown admin");
      const now = Math.floor(clock.now().getTime() / 1000);
      const claims = { email: user.email, name: user.name, role: user.role, [VERSION_CLAIM]: version };
      return await new SignJWT(sessionId ? { ...claims, [SESSION_CLAIM]: sessionId } : claims)
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
