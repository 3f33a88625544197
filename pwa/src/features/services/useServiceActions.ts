import type { Service } from "@contracts/services/service.ts";
import { MESSAGES } from "@contracts/common/messages.ts";
import type { Dispatch, SetStateAction } from "react";
import { forgetCachedService } from "../../lib/pwa/index.ts";
import { refreshServices } from "../../lib/services.ts";
import { alertFailure } from "../../lib/alerts.ts";
import { deleteService } from "./api.ts";
import { useBusyIds } from "../../lib/useBusyIds.ts";

/** Services table changes: a saved service replaces its row (or is added at the end), a deleted one leaves. */
export function useServiceActions(setServices: Dispatch<SetStateAction<Service[]>>) {
  const { busyIds, track } = useBusyIds();

  function onSaved(saved: Service) {
    void forgetCachedService(saved._id).then(refreshServices);
    setServices((list) =>
      list.some((s) => s._id === saved._id) ? list.map((s) => (s._id === saved._id ? saved : s)) : [...list, saved],
    );
  }

  async function onDelete(service: Service) {
    if (!window.confirm(MESSAGES.confirmDeleteService)) return;
    try {
      await track(service._id, () => deleteService(service._id));
      void forgetCachedService(service._id).then(refreshServices);
      setServices((list) => list.filter((s) => s._id !== service._id));
    } catch (error) {
      alertFailure(MESSAGES.deleteServiceFailed, error);
    }
  }

  return { busyIds, onSaved, onDelete };
}
