// A client that does exactly what the PWA dashboard does (pwa/src/features/bookings/useLiveBookings.ts and
// bookingsReducer.ts): load the list, open a websocket-only Socket.IO connection with the dashboard's options,
// apply events, and on every (re)connection fetch what changed and what was deleted since a little before the
// newest change it saw (pwa/src/features/bookings/catchUp.ts), de-duplicated.
import { io, type Socket } from "socket.io-client";
import type { Booking } from "../../api/contracts/bookings/booking.ts";
import type { Page } from "../../api/contracts/common/paging.ts";
import {
  ADMIN_SOCKET_OPTIONS,
  type BookingDeleted,
  CATCH_UP_OVERLAP_MS,
  SOCKET_REFUSALS,
  SOCKET_RETRY_AFTER_UNAVAILABLE_MS,
} from "../../api/contracts/realtime/events.ts";

type Payload = { _id?: unknown; updatedAt?: unknown };

export class Dashboard {
  readonly bookings = new Map<string, Booking>();
  readonly deleted = new Set<string>();
  /** newBooking events per booking id: exactly once is what the fan-out promises while nothing fails. */
  readonly newBookingEvents = new Map<string, number>();
  eventsReceived = 0;
  catchUps = 0;
  /** Events lacking `_id` or `updatedAt` (must stay empty). */
  readonly malformed: unknown[] = [];
  readonly socketIds: string[] = [];
  since: string | null = null;
  socket!: Socket;
  private loaded = false;

  constructor(
    readonly name: string,
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private async get<T>(path: string, since?: string, params: Record<string, string> = {}): Promise<T> {
    const search = new URLSearchParams(params);
    if (since) search.set("since", since);
    const query = search.size > 0 ? `?${search}` : "";
    const res = await fetch(`${this.baseUrl}${path}${query}`, {
      headers: { Authorization: `Bearer ${this.token}` },
    });
    if (res.status !== 200) {
      await res.body?.cancel();
      throw new Error(`GET ${path}${query} answered ${res.status}`);
    }
    return (await res.json()) as T;
  }

  /** Every page of the list (or of the changes since), following nextCursor. */
  private async fetchBookings(since?: string): Promise<Booking[]> {
    const rows: Booking[] = [];
    let cursor: string | null = null;
    do {
      const params: Record<string, string> = { limit: "100", ...(cursor ? { cursor } : {}) };
      const page: Page<Booking> = await this.get<Page<Booking>>("/api/bookings", since, params);
      rows.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    return rows;
  }

  /** The reducer's rule: keep the newer of two versions, and move `since` to the newest change seen. */
  private merge(booking: Booking) {
    const current = this.bookings.get(booking._id);
    const newer = !current || Date.parse(booking.updatedAt) > Date.parse(current.updatedAt);
    if (newer && !this.deleted.has(booking._id)) this.bookings.set(booking._id, booking);
    this.moveSince(booking.updatedAt);
  }

  /** A deleted booking goes, and no late or re-received copy brings it back. */
  private remove(payload: BookingDeleted) {
    this.bookings.delete(payload._id);
    this.deleted.add(payload._id);
    this.moveSince(payload.updatedAt);
  }

  private moveSince(updatedAt: string) {
    if (this.since === null || Date.parse(updatedAt) > Date.parse(this.since)) this.since = updatedAt;
  }

  /** Changed bookings and deletions from an overlap before the cursor; a failed deletions request is skipped. */
  private async catchUp(): Promise<{ bookings: Booking[]; deleted: BookingDeleted[] }> {
    if (this.since === null) return { bookings: await this.fetchBookings(), deleted: [] };
    const from = new Date(Date.parse(this.since) - CATCH_UP_OVERLAP_MS).toISOString();
    const [bookings, deleted] = await Promise.all([
      this.fetchBookings(from),
      this.get<BookingDeleted[]>("/api/bookings/deleted", from).catch(() => []),
    ]);
    return { bookings, deleted };
  }

  private check(payload: Payload) {
    if (typeof payload?._id !== "string" || typeof payload?.updatedAt !== "string") this.malformed.push(payload);
  }

  async open(): Promise<void> {
    for (const booking of await this.fetchBookings()) this.merge(booking);
    this.loaded = true;
    this.socket = io(this.baseUrl, { ...ADMIN_SOCKET_OPTIONS, auth: { token: this.token }, forceNew: true });
    // As the PWA does: a handshake refused because the token could not be checked is asked again shortly.
    this.socket.on("connect_error", (error: Error) => {
      if (!this.socket.active && error.message === SOCKET_REFUSALS.unavailable) {
        setTimeout(() => this.socket.connect(), SOCKET_RETRY_AFTER_UNAVAILABLE_MS);
      }
    });
    this.socket.on("connect", () => {
      this.socketIds.push(this.socket.id!);
      if (!this.loaded) return;
      this.catchUp().then(
        ({ bookings, deleted }) => {
          this.catchUps += 1;
          for (const payload of deleted) this.remove(payload);
          for (const booking of bookings) this.merge(booking);
        },
        () => {}, // the dashboard logs and waits for the next reconnection or event
      );
    });
    this.socket.on("newBooking", (booking: Booking) => {
      this.eventsReceived += 1;
      this.check(booking);
      this.newBookingEvents.set(booking._id, (this.newBookingEvents.get(booking._id) ?? 0) + 1);
      this.merge(booking);
    });
    this.socket.on("bookingUpdated", (booking: Booking) => {
      this.eventsReceived += 1;
      this.check(booking);
      this.merge(booking);
    });
    this.socket.on("bookingDeleted", (payload: BookingDeleted) => {
      this.eventsReceived += 1;
      this.check(payload);
      this.remove(payload);
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: no connection`)), 10_000);
      this.socket.once("connect", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  get connected() {
    return this.socket?.connected ?? false;
  }

  get currentSocketId() {
    return this.socket?.connected ? this.socket.id : undefined;
  }

  close() {
    this.socket?.removeAllListeners();
    this.socket?.close();
  }
}
