import { type ComponentType, lazy } from "react";

/**
 * A dialog that only does something with the server (it reads or saves there), so its chunk is not precached: loaded
 * when first opened. Opened with no connection before that, its chunk cannot load; a dialog of the same title then
 * says `offline` instead of the screen breaking. The modal frame it uses then is precached, and loaded only then, so
 * the screens that open such a dialog do not carry it in their first load.
 */
export function lazyOnlineDialog<P extends { onClose: () => void }>(
  load: () => Promise<ComponentType<P>>,
  { title, offline }: { title: string; offline: string },
) {
  return lazy<ComponentType<P>>(() =>
    load().then(
      (dialog): { default: ComponentType<P> } => ({ default: dialog }),
      () =>
        import("./Modal.tsx").then(({ Modal }) => ({
          default: ({ onClose }: P) => (
            <Modal title={title} onClose={onClose} className="adm">
              <p>{offline}</p>
            </Modal>
          ),
        })),
    ),
  );
}
