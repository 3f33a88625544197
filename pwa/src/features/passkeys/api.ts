import type { Passkey } from "@contracts/staff/passkeys.ts";
import type { DataEnvelope } from "@contracts/common/wire.ts";
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "../../lib/webauthn.ts";
import { request } from "../../lib/http.ts";

const BASE = "/api/account/passkeys";

/** GET /api/account/passkeys: the signed-in person's own passkeys. */
export async function fetchPasskeys(): Promise<Passkey[]> {
  return (await request<DataEnvelope<Passkey[]>>(BASE, { auth: true })).data;
}

/** The registration ceremony: the server's options, the browser's prompt, then the server keeps it under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const optionsJSON = await request<PublicKeyCredentialCreationOptionsJSON>(`${BASE}/options`, {
    method: "POST",
    auth: true,
  });
  const response = await startRegistration({ optionsJSON });
  return (await request<DataEnvelope<Passkey>>(BASE, { method: "POST", auth: true, body: { name, response } })).data;
}

export async function renamePasskey(id: string, name: string): Promise<Passkey> {
  const path = `${BASE}/${encodeURIComponent(id)}`;
  return (await request<DataEnvelope<Passkey>>(path, { method: "PATCH", auth: true, body: { name } })).data;
}

export async function removePasskey(id: string): Promise<void> {
  await request<null>(`${BASE}/${encodeURIComponent(id)}`, { method: "DELETE", auth: true });
}
