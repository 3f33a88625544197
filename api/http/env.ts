import type { SessionUser } from "../contracts/staff/staff.ts";
import type { CustomerSession } from "../platform/customer-sessions.ts";

/** Hono environment shared by the app and every feature's sub-app. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** Set by requireAdmin and requireStaff on guarded routes: the signed-in person, whatever their role. */
    user: SessionUser;
    /**
     * Set with `user`: the sign-in's session (null for a token from before sessions) and when its token was issued.
     */
    session: { id: string | null; issuedAt: Date };
    /** Set by requireCustomer on the portal's routes: the customer's session, scoped to their e-mail. */
    customer: CustomerSession;
  };
}
