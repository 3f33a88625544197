import { useQueueState } from "../../lib/pwa/hooks.ts";
import { ShellIcon } from "./ShellIcon.tsx";

/**
 * The device queue at a glance, on every staff screen: everything sent, how much waits for a connection, or how
 * much the server refused (each screen says which and why: the job screen, the dashboard's pending changes).
 */
export default function QueueCount() {
  const { waiting, refused } = useQueueState();
  const state = waiting > 0 ? "waiting" : refused > 0 ? "refused" : "sent";
  const text = waiting > 0 ? `${waiting} waiting` : refused > 0 ? `${refused} not sent` : "All changes sent";
  return (
    <p className={`shell-queue shell-queue--${state}`} role="status">
      <ShellIcon name={state} size={16} />
      {text}
    </p>
  );
}
