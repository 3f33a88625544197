import { vi } from "vitest";
import type { Service, ServicePackage } from "@contracts/services/service.ts";

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** Stubs fetch with a router of "METHOD /path" (or "/path" for GET) to handlers; anything else fails as offline. */
export function mockFetch(routes: Record<string, Handler>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const path = url.split("?")[0]!;
    const handler = routes[`${method} ${path}`] ?? (method === "GET" ? routes[path] : undefined);
    if (!handler) throw new TypeError(`offline: ${method} ${url}`);
    return handler(url, init);
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

export function makeService(id: string, title: string, extra: Partial<Service> = {}): Service {
  return {
    _id: id,
    title,
    description: `${title} description`,
    image: `/images/services/${id}.svg`,
    benefits: ["Benefit one", "Benefit two", "Benefit three", "Benefit four"],
    process: ["Inspect", "Clean", "Review"],
    duration: "2-3 hours",
    price: 199,
    coverage: "Whole home",
    packages: [],
    checklist: [],
    updatedAt: "2026-01-01T00:00:00Z",
    ...extra,
  };
}

/** A package with its Spanish name and features, as the office writes them. */
export const BASIC_WITH_SPANISH: ServicePackage = {
  name: "Basic",
  nameEs: "Básico",
  price: 199,
  features: ["Up to 10 vents"],
  featuresEs: ["Hasta 10 rejillas"],
  isPopular: false,
};

export const SAMPLE_SERVICES: Service[] = [
  makeService("air-duct-cleaning", "Air Duct Cleaning"),
  makeService("dryer-vent-cleaning", "Dryer Vent Cleaning"),
  makeService("supply-vent-cleaning", "Supply Vent Cleaning"),
  makeService("negative-pressure-machine", "Negative Pressure Machine"),
  makeService("brush-cleaning", "Brush Cleaning"),
  makeService("deep-cleaning", "Deep Cleaning"),
  makeService("chimney-cleaning", "Chimney Cleaning"),
  makeService("hvac-system-cleaning", "HVAC System Cleaning"),
];
