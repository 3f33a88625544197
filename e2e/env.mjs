// Values shared by the e2e server launcher and the specs.
import { tmpdir } from "node:os";
import { join } from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4180);
// localhost, not 127.0.0.1: the site is the relying party of staff passkeys, and WebAuthn refuses an IP address as
// one. Both are secure contexts; localhost resolves to 127.0.0.1 (the server listens on every IPv4 address).
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password-123" };
/**
 * The run serves its own copy of the built PWA, so that a rebuild of pwa/dist by someone else cannot change the site
 * under a running suite, and the update journey can serve a new service worker without touching pwa/dist.
 */
export const E2E_PWA_DIST = join(tmpdir(), `clearflow-e2e-pwa-${E2E_PORT}`);

/** Where e2e/server.mjs writes the origin of its local Twilio peer, for the specs to read what it received. */
export const E2E_TWILIO_ORIGIN_FILE = join(tmpdir(), `clearflow-e2e-twilio-${E2E_PORT}`);
