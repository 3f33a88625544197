import assert from "node:assert/strict";
import type { Page } from "../../contracts/common/paging.ts";
import type { DataEnvelope, ErrorBody } from "../../contracts/common/wire.ts";
import { CONTACT_SERVICE_VALUES } from "../../contracts/contact/contact.ts";
import type { ContactMessage } from "../../contracts/contact/contact.ts";
import { MESSAGES } from "../../contracts/common/messages.ts";
import { recordingOutbox } from "../../testing/mail.ts";
import { createTestContext } from "../../testing/context.ts";
import { rowCounts } from "../../testing/database.ts";

const message = (overrides = {}) => ({
  name: "Jordan Ellis",
  email: "Jordan.Ellis@Example.com",
  phone: "(704) 555-0123",
  service: "Residential Cleaning",
  message: "Do you clean dryer vents that exit through the roof?",
  ...overrides,
});

Deno.test("contact API", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("stores a message and answers 201 { data: { _id, createdAt } }", async () => {
      const res = await ctx.request<DataEnvelope<{ _id: string; createdAt: string }>>("POST", "/api/contact", {
        body: message(),
      });
      assert.equal(res.status, 201);
      assert.match(res.body.data._id, /^[0-9a-f-]{36}$/);
      assert.ok(res.body.data.createdAt.endsWith("Z"));
      const [row] = await ctx.sql`select * from contact_messages where id = ${res.body.data._id}`;
      assert.equal(row!.email, "jordan.ellis@example.com");
      assert.equal(row!.service, "Residential Cleaning");
    });

    await t.step("accepts every value the contact form sends as service", async () => {
      for (const service of CONTACT_SERVICE_VALUES) {
        assert.equal((await ctx.request("POST", "/api/contact", { body: message({ service }) })).status, 201, service);
      }
    });

    await t.step("refuses missing fields and an empty service with 400, writing nothing", async () => {
      const before = await rowCounts(ctx.sql);
      const res = await ctx.request<ErrorBody>("POST", "/api/contact", {
        body: { name: "", email: "x", phone: "", service: "", message: "" },
      });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body.issues!.map((i) => i.path).sort(), ["email", "message", "name", "phone", "service"]);
      assert.equal(
        (await ctx.request("POST", "/api/contact", { rawBody: "{", headers: { "Content-Type": "application/json" } }))
          .status,
        400,
      );
      assert.equal(
        (
          await ctx.request("POST", "/api/contact", {
            rawBody: "name=x",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
          })
        ).status,
        400,
      );
      assert.deepEqual(await rowCounts(ctx.sql), before);
    });

    await t.step(
      "answers a retry with the same Idempotency-Key with the first answer, storing one message",
      async () => {
        const headers = { "Idempotency-Key": "contact-retry" };
        const first = await ctx.request("POST", "/api/contact", { body: message(), headers });
        const before = await rowCounts(ctx.sql);
        const retry = await ctx.request("POST", "/api/contact", { body: message(), headers });
        assert.equal(retry.status, first.status);
        assert.deepEqual(retry.body, first.body);
        assert.deepEqual(await rowCounts(ctx.sql), before);
        const other = await ctx.request("POST", "/api/contact", { body: message({ message: "Other" }), headers });
        assert.equal(other.status, 422);
      },
    );

    await t.step("stores one message from concurrent duplicates", async () => {
      const headers = { "Idempotency-Key": "contact-burst" };
      const before = (await rowCounts(ctx.sql)).contact_messages!;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => ctx.request("POST", "/api/contact", { body: message(), headers })),
      );
      assert.ok(answers.every((a) => a.status === 201));
      assert.equal((await rowCounts(ctx.sql)).contact_messages, before + 1);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("contact messages: business e-mail, live event and the admins' Messages tab", async (t) => {
  const recorder = recordingOutbox();
  const ctx = await createTestContext({ deps: (d) => ({ ...d, outbox: recorder }) });
  const send = (body: unknown, headers: Record<string, string> = {}) =>
    ctx.request<DataEnvelope<{ _id: string; createdAt: string }>>("POST", "/api/contact", { body, headers });
  const markRead = (id: string, body: unknown) =>
    ctx.asAdmin<DataEnvelope<ContactMessage>>("PUT", `/api/contact/${id}/read`, { body });
  const list = async () => {
    const res = await ctx.asAdmin<Page<ContactMessage>>("GET", "/api/contact");
    return { ...res, body: res.body.data };
  };

  try {
    await t.step("a message is e-mailed and announced once, even when replayed with its Idempotency-Key", async () => {
      const headers = { "Idempotency-Key": "contact-mail-once" };
      const first = await send(message(), headers);
      assert.equal(first.status, 201);
      assert.deepEqual(Object.keys(first.body.data).sort(), ["_id", "createdAt"]);
      const replay = await send(message(), headers);
      assert.deepEqual(replay.body, first.body);

      assert.equal(recorder.contacts.length, 1);
      const mailed = recorder.contacts[0]!;
      assert.deepEqual(mailed, {
        _id: first.body.data._id,
        name: "Jordan Ellis",
        email: "jordan.ellis@example.com",
        phone: "(704) 555-0123",
        service: "Residential Cleaning",
        message: "Do you clean dryer vents that exit through the roof?",
        read: false,
        createdAt: first.body.data.createdAt,
      });
      const events = ctx.events.events.filter((e) => e.event === "contactMessage");
      assert.deepEqual(events, [{ event: "contactMessage", payload: mailed }]);
    });

    await t.step("a refused message is neither e-mailed nor announced", async () => {
      recorder.contacts.length = 0;
      ctx.events.events.length = 0;
      assert.equal((await send({ ...message(), email: "nope" })).status, 400);
      assert.deepEqual(recorder.contacts, []);
      assert.deepEqual(ctx.events.events, []);
    });

    await t.step("visitors get 401 on the list and the read toggle, with no message in the answer", async () => {
      const [stored] = await ctx.sql<{ id: string }[]>`select id from contact_messages limit 1`;
      const answers = [
        await ctx.request("GET", "/api/contact"),
        await ctx.request("PUT", `/api/contact/${stored!.id}/read`, { body: { read: true } }),
        await ctx.request("PUT", `/api/contact/${stored!.id}/read`, { body: { read: "x" } }),
        await ctx.request("GET", "/api/contact", { token: "not-a-token" }),
      ];
      for (const res of answers) {
        assert.equal(res.status, 401);
        assert.deepEqual(res.body, { message: MESSAGES.unauthorized });
      }
      const [row] = await ctx.sql`select read_at from contact_messages where id = ${stored!.id}`;
      assert.equal(row!.read_at, null);
    });

    await t.step("admins list every message, newest first", async () => {
      const ids: string[] = [];
      for (const name of ["Oldest", "Middle", "Newest"]) {
        ids.push((await send(message({ name }))).body.data._id);
      }
      // Distinct instants: three posts may share a millisecond.
      for (const [i, id] of ids.entries()) {
        await ctx.sql`update contact_messages set created_at = now() + ${i + 1} * interval '1 minute' where id = ${id}`;
      }
      const res = await list();
      assert.equal(res.status, 200);
      const total = (await rowCounts(ctx.sql)).contact_messages;
      assert.equal(res.body.length, total);
      assert.deepEqual(
        res.body.slice(0, 3).map((m) => m.name),
        ["Newest", "Middle", "Oldest"],
      );
      const times = res.body.map((m) => m.createdAt);
      assert.deepEqual(times, [...times].sort().reverse());
      assert.ok(res.body.every((m) => m.read === false));
    });

    await t.step("read and unread toggle; reading twice keeps the first instant", async () => {
      const [newest] = (await list()).body;
      const id = newest!._id;
      const read = await markRead(id, { read: true });
      assert.equal(read.status, 200);
      assert.deepEqual(read.body.data, { ...newest, read: true });
      const [first] = await ctx.sql<{ read_at: Date }[]>`select read_at from contact_messages where id = ${id}`;
      assert.ok(first!.read_at);
      assert.equal((await markRead(id, { read: true })).status, 200);
      const [again] = await ctx.sql<{ read_at: Date }[]>`select read_at from contact_messages where id = ${id}`;
      assert.equal(again!.read_at.getTime(), first!.read_at.getTime());
      assert.equal((await list()).body.find((m) => m._id === id)!.read, true);

      const unread = await markRead(id, { read: false });
      assert.equal(unread.status, 200);
      assert.equal(unread.body.data.read, false);
      assert.equal((await list()).body.find((m) => m._id === id)!.read, false);
    });

    await t.step("unknown or malformed ids are 404; malformed bodies are 400", async () => {
      for (const id of [crypto.randomUUID(), "not-a-uuid", "1%27%20or%201%3D1"]) {
        const res = await markRead(id, { read: true });
        assert.equal(res.status, 404, id);
        assert.deepEqual(res.body, { message: MESSAGES.messageNotFound });
      }
      const [newest] = (await list()).body;
      for (const body of [{}, { read: "yes" }, { read: 1 }, null]) {
        assert.equal((await markRead(newest!._id, body)).status, 400, JSON.stringify(body));
      }
      const raw = await ctx.request("PUT", `/api/contact/${newest!._id}/read`, {
        rawBody: "{",
        token: ctx.adminToken,
        headers: { "Content-Type": "application/json" },
      });
      assert.equal(raw.status, 400);
      assert.equal((await list()).body[0]!.read, false, "nothing changed");
    });
  } finally {
    await ctx.close();
  }
});
