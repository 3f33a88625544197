// A technician works their jobs in order: on the way, on site, before photos, the checklist, notes, after photos,
// the customer's signature, completed, and often paid on the spot. Twice a day they lose signal; what they do
// meanwhile waits in the device's queue and is replayed on return, in order.
import type { JobDetails } from "../../../api/contracts/visit/job.ts";
import type { PhotoKind, VisitStage } from "../../../api/contracts/visit/visit.ts";
import type { Booking } from "../../../api/contracts/bookings/booking.ts";
import type { Page } from "../../../api/contracts/common/paging.ts";
import { waitFor } from "../../cluster/processes.ts";
import type { Answer, Request } from "../device.ts";
import type { JobRecord } from "../ledger.ts";
import type { JobPlan, TechnicianPlan } from "../plan.ts";
import { type Actor, newDevice, type StaffMember, type World } from "../world.ts";
import { takePayment } from "./payment.ts";
import { uniquePng } from "./png.ts";

export function technicians(world: World): Actor[] {
  return world.plan.technicians.map((plan) => technician(world, plan, world.technicians[plan.index]!));
}

function technician(world: World, plan: TechnicianPlan, me: StaffMember): Actor {
  const device = newDevice(world, `technician ${plan.index}`);
  const { clock, ledger } = world;
  const jobIds = world.jobsOf.get(plan.index)!;
  const writes: Promise<void>[] = [];

  /** Done now on the device; acknowledged (or refused) whenever the queue gets it through. */
  const act = (what: string, request: Omit<Request, "token">, then: (answer: Answer) => void) => {
    writes.push(
      device.write({ ...request, token: me.token }).then((answer) => {
        if (answer.status >= 200 && answer.status < 300) then(answer);
        else ledger.refuse(`${me.name}: ${what}`, answer.status, answer.body);
      }),
    );
  };

  const signal = async () => {
    for (const span of plan.offline) {
      await clock.until(span.from);
      device.goOffline();
      await clock.until(span.to);
      device.goOnline();
    }
  };

  const work = async (job: JobPlan, details: JobDetails, record: JobRecord) => {
    const path = `/api/bookings/${record.bookingId}`;
    const at = (fraction: number) => clock.until(job.start + job.length * fraction);
    const now = () => new Date().toISOString();
    const stage = (next: VisitStage) =>
      act(
        `${next} on ${record.bookingId}`,
        { method: "PUT", path: `${path}/visit`, json: { stage: next, at: now() } },
        () => record.stages.push(next),
      );
    const photo = (kind: PhotoKind) => {
      record.photos[kind] += 1;
      const data = uniquePng(`${record.bookingId} ${kind} ${record.photos[kind]}`);
      act(
        `${kind} photo on ${record.bookingId}`,
        {
          method: "POST",
          path: `${path}/photos?kind=${kind}&at=${encodeURIComponent(now())}`,
          bytes: { data, type: "image/png" },
        },
        () => {},
      );
    };

    await at(0);
    stage("en_route");
    await at(0.15);
    stage("on_site");
    for (let n = 0; n < job.before; n++) {
      await at(0.2 + n * 0.05);
      photo("before");
    }
    const items = details.checklist.map((item) => item._id);
    for (const [n, itemId] of items.entries()) {
      await at(0.35 + (n / items.length) * 0.25);
      act(
        `tick ${itemId}`,
        { method: "PUT", path: `${path}/checklist/${itemId}`, json: { done: true, at: now() } },
        () => record.ticks.push(itemId),
      );
    }
    for (let n = 0; n < job.notes; n++) {
      await at(0.62 + n * 0.03);
      const text = `${me.name}, job ${record.bookingId}, note ${n + 1}`;
      act(`note on ${record.bookingId}`, { method: "POST", path: `${path}/notes`, json: { text, at: now() } }, () =>
        record.notes.push(text),
      );
    }
    for (let n = 0; n < job.after; n++) {
      await at(0.7 + n * 0.05);
      photo("after");
    }
    await at(0.85);
    act(
      `signature on ${record.bookingId}`,
      {
        method: "POST",
        path: `${path}/signature`,
        bytes: { data: uniquePng(`signature ${record.bookingId}`), type: "image/png" },
      },
      () => {
        record.signed = true;
      },
    );
    await at(1);
    stage("completed");
    if (job.payment) takePayment(act, record, job.payment, now());
  };

  return {
    name: `technician ${plan.index}`,
    async run() {
      const offline = signal();
      // My Jobs, once the office has handed them out: read while there is signal, each job's checklist with it.
      await waitFor(
        async () => {
          // A technician's jobs are few: one page of 100 holds them.
          const mine = await world.http.read<Page<Booking>>({
            method: "GET",
            path: "/api/bookings?limit=100",
            token: me.token,
          });
          const have = new Set(mine.status === 200 ? mine.body.data.map((b) => b._id) : []);
          return jobIds.every((id) => have.has(id)) ? true : undefined;
        },
        `${me.name}'s ${jobIds.length} jobs to be assigned`,
        clock.wallMs(world.plan.minutes),
      );
      const details: JobDetails[] = [];
      for (const id of jobIds) {
        const job = await world.http.read<JobDetails>({ method: "GET", path: `/api/bookings/${id}`, token: me.token });
        if (job.status !== 200) throw new Error(`${me.name} could not open job ${id}: ${job.status}`);
        details.push(job.body);
      }
      for (const [k, job] of plan.jobs.entries()) {
        const record: JobRecord = {
          bookingId: jobIds[k]!,
          technicianId: me.id,
          stages: [],
          photos: { before: 0, after: 0 },
          notes: [],
          ticks: [],
          signed: false,
          invoiced: false,
          payments: [],
        };
        ledger.jobs.set(record.bookingId, record);
        await work(job, details[k]!, record);
      }
      await offline;
      await Promise.all(writes);
    },
  };
}
