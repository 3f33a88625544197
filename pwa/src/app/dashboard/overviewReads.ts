// What the overview reads first, apart from its screen: the staff shell starts these reads while the screen's code
// is on its way (shell/StaffRoutes.tsx).

/** SPEC §9: the overview lists the latest 5 bookings. */
export const RECENT_COUNT = 5;
export const RECENT_QUERY = `limit=${RECENT_COUNT}&sort=-created`;
export const RECENT_PATH = "/api/bookings";
export const SUMMARY_PATH = "/api/dashboard/summary";

/** The overview's first reads, as the screen asks them. */
export const OVERVIEW_READS = [`${RECENT_PATH}?${RECENT_QUERY}`, SUMMARY_PATH];
