import "fake-indexeddb/auto";
import type { JobDetails } from "@contracts/visit/job.ts";
import type { PhotoKind, VisitStage } from "@contracts/visit/visit.ts";
import { Blob as NodeBlob } from "node:buffer";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { saveSession } from "../../lib/session.ts";
import { sign } from "../../test/canvas.ts";
import { json, mockFetch } from "../../test/fetch.ts";
import { freshQueue, setOffline } from "../../test/offlineQueue.ts";
import { renderRoute } from "../../test/render.tsx";
import { makeFakeSocket } from "../../test/staffApi.ts";
import { adminUser, asJobDetails, fakeToken, makeBooking } from "../../test/staffFixtures.ts";
import { sendWaitingWork } from "./jobQueue.ts";
import JobPage from "./JobPage.tsx";
import { keptJob } from "./jobStore.ts";

const socket = vi.hoisted(() => ({ current: null as ReturnType<typeof makeFakeSocket> | null }));
vi.mock("../../lib/socket.ts", () => ({ connectAdminSocket: vi.fn(() => socket.current) }));

// Preparing a real photo needs a canvas, which happy-dom does not draw: the picker is handed one already prepared.
vi.mock("./parts/preparePhoto.ts", async (original) => ({
  ...(await original<typeof import("./parts/preparePhoto.ts")>()),
  preparePhoto: vi.fn(async () => ({ blob: new Blob(["jpeg"], { type: "image/jpeg" }), width: 1600, height: 1200 })),
}));

const TECH = { ...adminUser, _id: "t1", name: "Tia Tech", role: "technician" as const };
const EARLIER = "2030-06-10T13:00:00.000Z";

beforeEach(async () => {
  await freshQueue();
  socket.current = makeFakeSocket();
  saveSession(fakeToken(), TECH);
});
afterEach(() => vi.unstubAllGlobals());

const photo = (kind: PhotoKind) => ({
  _id: `${kind}-1`,
  kind,
  url: `/api/photos/${kind}-1`,
  at: EARLIER,
  receivedAt: EARLIER,
});
const item = (_id: string, label: string, required = true) => ({
  _id,
  label,
  required,
  done: false,
  at: null,
  receivedAt: null,
  by: null,
});

/** Jane Doe's job, given to Tia, at `stage`. */
function jobAt(stage: VisitStage, extra: Partial<JobDetails> = {}): JobDetails {
  const job = asJobDetails(makeBooking({ _id: "b1", technicianId: "t1", technicianName: TECH.name }));
  const history = stage === "scheduled" ? [] : [{ stage, at: EARLIER, receivedAt: EARLIER, by: TECH.name }];
  return { ...job, visit: { ...job.visit, stage, history }, ...extra };
}

/**
 * The server's side of job b1: answers the screen's reads and keeps what its writes change, as the API does, so the
 * screen shows the record it reads back. `offline()` and `online()` take the device's connection away and back.
 */
function jobServer(start: JobDetails) {
  let job = start;
  let nextPhoto = 1;
  const body = (init?: RequestInit) => JSON.parse(String(init?.body)) as Record<string, unknown>;
  const times = (at: unknown) => ({
    at: typeof at === "string" ? at : new Date().toISOString(),
    receivedAt: new Date().toISOString(),
  });
  const image = () => new Response(new Blob(["image"], { type: "image/png" }));
  const routes: Parameters<typeof mockFetch>[0] = {
    "GET /api/services": () => json([]),
    "GET /api/bookings/b1": () => json(job),
    "PUT /api/bookings/b1/visit": (_url, init) => {
      const { stage, note, customerNotPresent, at } = body(init) as {
        stage: VisitStage;
        note?: string;
        customerNotPresent?: boolean;
        at?: string;
      };
      const when = times(at);
      job = {
        ...job,
        visit: {
          stage,
          history: [...job.visit.history, { stage, ...when, by: TECH.name }],
          customerNotPresent: customerNotPresent ?? false,
        },
        notes: note
          ? [...job.notes, { _id: `n${job.notes.length + 1}`, text: note, ...when, by: TECH.name }]
          : job.notes,
      };
      return json({ data: {} });
    },
    "POST /api/bookings/b1/notes": (_url, init) => {
      const { text, at } = body(init) as { text: string; at?: string };
      job = { ...job, notes: [...job.notes, { _id: `n${job.notes.length + 1}`, text, ...times(at), by: TECH.name }] };
      return json({ data: {} }, 201);
    },
    "POST /api/bookings/b1/photos": (url) => {
      const query = new URL(url, "http://localhost").searchParams;
      const id = `photo-${nextPhoto++}`;
      routes[`GET /api/photos/${id}`] = image;
      const added = {
        _id: id,
        kind: query.get("kind") as PhotoKind,
        url: `/api/photos/${id}`,
        ...times(query.get("at")),
      };
      job = { ...job, photos: [...job.photos, added] };
      return json({ data: added }, 201);
    },
    "POST /api/bookings/b1/signature": () => {
      routes["GET /api/photos/signature"] = image;
      job = { ...job, signature: { url: "/api/photos/signature" } };
      return json({ data: {} }, 201);
    },
  };
  for (const { url } of start.photos) routes[`GET ${url}`] = image;
  for (const { _id } of start.checklist)
    routes[`PUT /api/bookings/b1/checklist/${_id}`] = (_url, init) => {
      const { done, at } = body(init) as { done: boolean; at?: string };
      job = {
        ...job,
        checklist: job.checklist.map((i) => (i._id === _id ? { ...i, done, ...times(at), by: TECH.name } : i)),
      };
      return json({ data: {} });
    };
  const fetchMock = mockFetch(routes);
  return {
    /** The writes that reached the server, as "METHOD path" and their JSON body (a photo's or signature's type). */
    writes: () =>
      fetchMock.mock.calls
        .filter(([, init]) => init?.method && init.method !== "GET")
        .map(([url, init]) => [
          `${init!.method} ${String(url).split("?")[0]}`,
          init!.body instanceof Blob ? init!.body.type : JSON.parse(String(init!.body)),
        ]),
    offline() {
      setOffline(true);
      vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    },
    online() {
      setOffline(false);
      vi.stubGlobal("fetch", fetchMock);
    },
  };
}

function openJob() {
  const { unmount } = renderRoute(<JobPage />, "/jobs/b1", "/jobs/:id");
  return { user: userEvent.setup(), unmount };
}

/** The job panel, once the job has loaded. */
const jobPanel = () => screen.findByRole("region", { name: "Job" });
/** The buttons that move the job on, as they are offered now. */
const steps = (panel: HTMLElement) =>
  within(panel)
    .queryAllByRole("button")
    .map((button) => button.textContent);
/** Where the job stands, as its header says. */
const stageShown = (label: string) => within(screen.getByRole("banner")).findByText(label);
const completeJob = () => screen.getByRole("button", { name: "Complete Job" });
/** A photo picked from the camera, of the kind chosen. */
const addPhoto = () =>
  fireEvent.change(screen.getByLabelText("Add Photo"), {
    target: { files: [new File(["raw"], "IMG_0001.jpg", { type: "image/jpeg" })] },
  });
/** Jane's job on site with its Before and After photos, and its Complete Job dialog opened. */
async function openCompleteJob() {
  const server = jobServer(jobAt("on_site", { photos: [photo("before"), photo("after")] }));
  const { user } = openJob();
  await jobPanel();
  await user.click(completeJob());
  // The dialog and its signature pad are a chunk of their own, drawn once loaded.
  const dialog = await screen.findByRole("dialog", { name: "Complete Job" });
  return { server, user, dialog, pad: within(dialog).getByRole("img", { name: "Customer signature" }) };
}
/** The stages in the record of the visit, in order. */
const history = () =>
  within(screen.getByRole("region", { name: "Visit" }))
    .queryAllByRole("listitem")
    .map((li) => li.textContent!.split(" — ")[0]);

describe("the technician's job screen", () => {
  it("moves the job on in order: On My Way, then Start Job, then Complete Job", async () => {
    const server = jobServer(jobAt("scheduled", { photos: [photo("before"), photo("after")] }));
    const { user } = openJob();
    const panel = await jobPanel();
    await stageShown("Scheduled");
    // A technician who forgot On My Way may start at once; nothing completes a job not started.
    expect(steps(panel)).toEqual(["On My Way", "Start Job"]);

    await user.click(within(panel).getByRole("button", { name: "On My Way" }));
    await stageShown("On my way");
    expect(steps(panel)).toEqual(["Start Job"]);

    await user.click(within(panel).getByRole("button", { name: "Start Job" }));
    await stageShown("On site");
    expect(steps(panel)).toEqual(["Complete Job"]);

    await user.click(completeJob());
    // The dialog and its signature pad are a chunk of their own, drawn once loaded.
    const dialog = await screen.findByRole("dialog", { name: "Complete Job" });
    await user.click(within(dialog).getByRole("checkbox", { name: "Customer not present" }));
    await user.click(within(dialog).getByRole("button", { name: "Save and Complete" }));
    await stageShown("Completed");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(steps(panel)).toEqual([]);
    expect(history()).toEqual(["On my way", "On site", "Completed"]);
    expect(within(screen.getByRole("region", { name: "Signature" })).getByText("Customer not present.")).toBeVisible();
    expect(server.writes()).toEqual([
      ["PUT /api/bookings/b1/visit", { stage: "en_route", at: expect.any(String) }],
      ["PUT /api/bookings/b1/visit", { stage: "on_site", at: expect.any(String) }],
      ["PUT /api/bookings/b1/visit", { stage: "completed", customerNotPresent: true, at: expect.any(String) }],
    ]);
  });

  it("keeps Complete Job disabled until the required checklist items are ticked, and says which are missing", async () => {
    const server = jobServer(
      jobAt("on_site", {
        photos: [photo("before"), photo("after")],
        checklist: [
          item("plenums", "Plenums cleaned"),
          item("filter", "Filter replaced", false),
          item("registers", "Registers washed"),
        ],
      }),
    );
    const { user } = openJob();
    await jobPanel();
    expect(completeJob()).toBeDisabled();
    // The optional item is not asked for.
    expect(completeJob()).toHaveAccessibleDescription("Complete Job needs: Plenums cleaned, Registers washed.");

    await user.click(screen.getByRole("checkbox", { name: /^Plenums cleaned/ }));
    await waitFor(() => expect(completeJob()).toHaveAccessibleDescription("Complete Job needs: Registers washed."));
    expect(completeJob()).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: /^Plenums cleaned/ })).toBeChecked();

    await user.click(screen.getByRole("checkbox", { name: /^Registers washed/ }));
    await waitFor(() => expect(completeJob()).toBeEnabled());
    expect(completeJob()).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/Complete Job needs/)).not.toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: /^Filter replaced \(optional\)/ })).not.toBeChecked();
    expect(server.writes()).toEqual([
      ["PUT /api/bookings/b1/checklist/plenums", { done: true, at: expect.any(String) }],
      ["PUT /api/bookings/b1/checklist/registers", { done: true, at: expect.any(String) }],
    ]);
  });

  it("keeps Complete Job disabled until a Before and an After photo are added", async () => {
    const server = jobServer(jobAt("on_site"));
    const { user } = openJob();
    await jobPanel();
    expect(completeJob()).toBeDisabled();
    expect(completeJob()).toHaveAccessibleDescription("Complete Job needs: a Before photo, an After photo.");

    addPhoto();
    await waitFor(() => expect(completeJob()).toHaveAccessibleDescription("Complete Job needs: an After photo."));
    expect(completeJob()).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "After" }));
    addPhoto();
    await waitFor(() => expect(completeJob()).toBeEnabled());
    const photos = screen.getByRole("region", { name: "Photos (2)" });
    expect(await within(photos).findByRole("img", { name: "Before photo 1" })).toBeInTheDocument();
    expect(await within(photos).findByRole("img", { name: "After photo 1" })).toBeInTheDocument();
    expect(server.writes().map(([to]) => to)).toEqual(["POST /api/bookings/b1/photos", "POST /api/bookings/b1/photos"]);
  });

  it("counts photos taken without signal toward Complete Job, and shows them waiting to be sent", async () => {
    // The fake IndexedDB keeps Node's Blobs (a browser keeps its own) but not happy-dom's.
    vi.stubGlobal("Blob", NodeBlob);
    const server = jobServer(jobAt("on_site"));
    const { user } = openJob();
    await jobPanel();
    server.offline();

    addPhoto();
    await waitFor(() => expect(completeJob()).toHaveAccessibleDescription("Complete Job needs: an After photo."));
    await user.click(screen.getByRole("button", { name: "After" }));
    addPhoto();
    await waitFor(() => expect(completeJob()).toBeEnabled());
    const waiting = screen.getByRole("region", { name: "Waiting to be sent (2)" });
    expect(
      within(waiting)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Before photo", "After photo"]);
    expect(within(screen.getByRole("region", { name: "Photos (2)" })).getAllByText("Waiting to be sent")).toHaveLength(
      2,
    );
    expect(server.writes()).toEqual([]);
  });

  it("shows a note added in the visit's notes, with who wrote it, and empties the field", async () => {
    const server = jobServer(jobAt("on_site"));
    const { user } = openJob();
    await jobPanel();
    const field = screen.getByRole("textbox", { name: "Note" });
    const add = screen.getByRole("button", { name: "Add Note" });
    expect(add).toBeDisabled();
    await user.type(field, "Dog in the backyard: use the side gate.");
    await user.click(add);

    const notes = await screen.findByRole("region", { name: "Notes (1)" });
    expect(within(notes).getByText("Dog in the backyard: use the side gate.")).toBeInTheDocument();
    expect(within(notes).getByText(/^Tia Tech, /)).toBeInTheDocument();
    expect(field).toHaveValue("");
    expect(server.writes()).toEqual([
      ["POST /api/bookings/b1/notes", { text: "Dog in the backyard: use the side gate.", at: expect.any(String) }],
    ]);
  });

  it("completes with the customer's signature and the final note, signature first", async () => {
    const { server, user, dialog, pad } = await openCompleteJob();
    await user.type(within(dialog).getByRole("textbox", { name: "Final note (optional)" }), "All 12 vents cleaned.");
    sign(pad);
    await user.click(within(dialog).getByRole("button", { name: "Save and Complete" }));

    await stageShown("Completed");
    expect(server.writes()).toEqual([
      ["POST /api/bookings/b1/signature", "image/png"],
      ["PUT /api/bookings/b1/visit", { stage: "completed", note: "All 12 vents cleaned.", at: expect.any(String) }],
    ]);
    expect(await screen.findByRole("img", { name: "Customer's signature" })).toBeInTheDocument();
    expect(within(screen.getByRole("region", { name: "Notes (1)" })).getByText("All 12 vents cleaned.")).toBeVisible();
  });

  it("sends nothing when the Complete Job dialog is cancelled", async () => {
    const { server, user, dialog, pad } = await openCompleteJob();
    sign(pad);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await stageShown("On site");
    expect(completeJob()).toBeEnabled();
    expect(server.writes()).toEqual([]);
  });

  it("keeps work done without signal on the device, shown as waiting, and sends it once the signal is back", async () => {
    const server = jobServer(jobAt("scheduled"));
    const first = openJob();
    await jobPanel();
    // Opened once with signal, the job is kept on the device.
    await waitFor(async () => expect(await keptJob("b1")).not.toBeNull());
    first.unmount();

    server.offline();
    const { user } = openJob();
    expect(await screen.findByText(/^No connection: this is the job as of /)).toHaveRole("status");
    const panel = await jobPanel();
    await user.click(within(panel).getByRole("button", { name: "On My Way" }));
    await stageShown("On my way");
    await user.type(screen.getByRole("textbox", { name: "Note" }), "Gate code 1234.");
    await user.click(screen.getByRole("button", { name: "Add Note" }));

    const waiting = await screen.findByRole("region", { name: "Waiting to be sent (2)" });
    expect(
      within(waiting)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["On my way", "Note: Gate code 1234."]);
    const notes = screen.getByRole("region", { name: "Notes (1)" });
    expect(within(notes).getByRole("listitem")).toHaveTextContent(/Gate code 1234\..*Waiting to be sent/);
    expect(within(screen.getByRole("region", { name: "Visit" })).getByRole("listitem")).toHaveTextContent(
      /^On my way — .* by Tia TechWaiting to be sent$/,
    );
    expect(server.writes()).toEqual([]);

    server.online();
    await act(() => sendWaitingWork());
    await waitFor(() => expect(screen.queryByRole("region", { name: /^Waiting to be sent/ })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText(/^No connection/)).not.toBeInTheDocument());
    expect(screen.queryByText("Waiting to be sent")).not.toBeInTheDocument();
    expect(server.writes()).toEqual([
      ["PUT /api/bookings/b1/visit", { stage: "en_route", at: expect.any(String) }],
      ["POST /api/bookings/b1/notes", { text: "Gate code 1234.", at: expect.any(String) }],
    ]);
  });
});
