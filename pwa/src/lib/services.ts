import { useEffect, useState, useSyncExternalStore } from "react";
import type { Service } from "@contracts/services/service.ts";
import type { Locale } from "@contracts/i18n/locales.ts";
import { ApiError, request } from "./http.ts";

interface ListState {
  /** "idle" until a first answer: the screens show it as loading. */
  status: "idle" | "loaded" | "failed";
  services: Service[];
}

// Also what a page prerendered at build time shows, and so what hydrating it must render first.
const INITIAL: ListState = { status: "idle", services: [] };
let list = INITIAL;
const listeners = new Set<() => void>();
/**
 * A request is out. Kept beside the list, not in it: a store change re-renders every screen that reads it, at once
 * and in one task (useSyncExternalStore), and going from "idle" to "loading" changed nothing they show. Right after
 * a page hydrated, that render of the navigation, footer and page was the longest task of the start.
 */
let inFlight = false;

function setList(next: ListState) {
  list = next;
  listeners.forEach((l) => l());
}

/** One GET /api/services shared by the navigation, footer, home and services list. */
function loadList() {
  if (inFlight || list.status === "loaded") return;
  inFlight = true;
  request<Service[]>("/api/services")
    .then((services) => setList({ status: "loaded", services: Array.isArray(services) ? services : [] }))
    .catch((error: unknown) => {
      // SPEC §8: logged only; the list stays empty. A later screen mounting may ask again.
      console.error("Could not load services", error);
      setList({ status: "failed", services: [] });
    })
    .finally(() => (inFlight = false));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useServices(): { services: Service[]; loading: boolean } {
  const state = useSyncExternalStore(
    subscribe,
    () => list,
    () => INITIAL,
  );
  useEffect(loadList, []);
  return { services: state.services, loading: state.status === "idle" };
}

/** After staff change a service: fetch the list again, keeping the current one on screen until it arrives. */
export function refreshServices() {
  if (list.status === "idle" || inFlight) return;
  request<Service[]>("/api/services")
    .then((services) => Array.isArray(services) && setList({ status: "loaded", services }))
    .catch((error: unknown) => console.error("Could not load services", error));
}

/** For tests: forget the shared list. */
export function resetServicesCache() {
  list = { status: "idle", services: [] };
  inFlight = false;
}

export type ServiceState =
  | { status: "loading"; service: null }
  | { status: "loaded"; service: Service }
  | { status: "not-found"; service: null };

/** GET /api/services/{id}; a 404 and any failure both end as not found (SPEC §8). */
export function useService(id: string | undefined): ServiceState {
  const [state, setState] = useState<{ id: string | undefined; result: ServiceState }>({
    id,
    result: { status: "loading", service: null },
  });

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    request<Service>(`/api/services/${encodeURIComponent(id)}`, { signal: controller.signal })
      .then((service) => setState({ id, result: { status: "loaded", service } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (!(error instanceof ApiError && error.status === 404)) console.error("Could not load service", error);
        setState({ id, result: { status: "not-found", service: null } });
      });
    return () => controller.abort();
  }, [id]);

  if (!id) return { status: "not-found", service: null };
  return state.id === id ? state.result : { status: "loading", service: null };
}

/**
 * The service as a visitor reading `locale` sees it: its Spanish title and description are the office's data, each
 * in English where the office wrote none.
 */
export const inLanguage = (service: Service, locale: Locale): Service =>
  locale === "es"
    ? { ...service, title: service.titleEs || service.title, description: service.descriptionEs || service.description }
    : service;

/** The service's own image, else our illustration for its key. */
export function serviceImage(service: Pick<Service, "_id" | "image">): string {
  return service.image || `/images/services/${service._id}.svg`;
}
