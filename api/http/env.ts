import type { AdminUser } from "../contracts/entities.ts";

/** Hono environment shared by the app and every feature's sub-app. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** Set by requireAdmin on guarded routes. */
    admin: AdminUser;
  };
}
