import { promptInstall } from "../../lib/pwa/installPrompt.ts";
import { useInstallAvailable } from "../../lib/pwa/statusHooks.ts";
import "./pwa.css";

/** Rendered only while the browser offers installation (beforeinstallprompt); nothing otherwise. */
export function InstallButton({ className = "btn btn-outline" }: { className?: string }) {
  const available = useInstallAvailable();
  if (!available) return null;
  return (
    <button type="button" className={`${className} pwa-install`} onClick={() => void promptInstall()}>
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M12 3v12m0 0l-5-5m5 5l5-5M5 21h14" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Install app
    </button>
  );
}
