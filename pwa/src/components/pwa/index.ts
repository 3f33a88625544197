// The PWA pieces the layout mounts.
export { OfflineIndicator } from "./OfflineIndicator.tsx";
export { UpdatePrompt } from "./UpdatePrompt.tsx";
export { InstallButton } from "./InstallButton.tsx";
export { OutboxNotices } from "./OutboxNotices.tsx";
