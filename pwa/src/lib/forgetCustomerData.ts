/**
 * Deletes the dashboard's copy of customer data from this device when a session ends without Logout (token
 * revoked or expired): nobody signed in may read it (decision 0021). The admin's queued status changes stay, to be
 * replayed after the next login. Loaded on demand, so the public pages, which share http.ts, carry no IndexedDB code.
 */
export function forgetCustomerData(): void {
  import("./offline-queue/adminSnapshot.ts")
    .then((snapshot) => snapshot.clearAdminSnapshot())
    .catch((error: unknown) => console.error("Deleting the dashboard's offline copy failed", error));
}
