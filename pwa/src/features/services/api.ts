import type { DataEnvelope } from "@contracts/common/wire.ts";
import type { Service } from "@contracts/services/service.ts";
import type { ServiceInput } from "@contracts/services/schemas.ts";
import { request } from "../../lib/http.ts";

// Staff calls: each sends the Bearer token, and a 401 ends the session. (Public pages read lib/services.ts.)

export function fetchServices(): Promise<Service[]> {
  return request<Service[]>("/api/services", { auth: true });
}

export async function saveService(input: ServiceInput, id?: string): Promise<Service> {
  const path = id ? `/api/services/${encodeURIComponent(id)}` : "/api/services";
  const answer = await request<DataEnvelope<Service>>(path, { method: id ? "PUT" : "POST", body: input, auth: true });
  return answer.data;
}

export async function deleteService(id: string): Promise<void> {
  await request<unknown>(`/api/services/${encodeURIComponent(id)}`, { method: "DELETE", auth: true });
}
