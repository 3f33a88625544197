import { lazyOnlineDialog } from "../../components/lazyOnlineDialog.tsx";

/**
 * The service form, loaded when opened from Quick Actions or All Services. A service is saved on the server, so the
 * form is not precached: kept once opened (lib/pwa/swRoutes.ts), and offline before that it says so.
 */
export const ServiceFormDialog = lazyOnlineDialog(
  () => import("./ServiceFormModal.tsx").then((m) => m.ServiceFormModal),
  {
    title: "Service",
    offline: "Adding or editing a service needs a connection. Please try again once you are online.",
  },
);
