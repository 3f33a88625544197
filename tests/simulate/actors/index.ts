// Every kind of participant of the day. Another kind is one more file here and one more line below; its checks go in
// checks.ts and what it was acknowledged into the ledger. (A payment on site is the technician's, in payment.ts.)
import type { Actor, World } from "../world.ts";
import { admins } from "./admin.ts";
import { customers } from "./customer.ts";
import { technicians } from "./technician.ts";

export const ACTOR_KINDS: ((world: World) => Actor[])[] = [admins, technicians, customers];
