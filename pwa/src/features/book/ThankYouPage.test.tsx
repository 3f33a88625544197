import "fake-indexeddb/auto";
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { enqueueAndSend, flushPublicWrites } from "../../lib/offline-queue/publicWrites.ts";
import { freshQueue, json, mockFetch, setOffline } from "../../test/offlineQueue.ts";
import { renderRoute } from "../../test/render.tsx";
import ThankYouPage from "./ThankYouPage.tsx";

const SAVED = "Your Booking Is Saved on This Device";
const CONFIRMED = "Thank You! Your Booking Is Confirmed";

/** A booking kept on the device, as after a submit without an answer; answers its queue item id. */
async function queueBooking(lastName: string): Promise<string> {
  setOffline(true);
  mockFetch(new TypeError("Failed to fetch"));
  const result = await enqueueAndSend("booking", { lastName, cleaningDate: "2030-06-10" });
  setOffline(false);
  if (result.state !== "queued") throw new Error("expected the booking to be queued");
  return result.id;
}

const heading = () => screen.findByRole("heading", { level: 1 });

beforeEach(freshQueue);
afterEach(() => vi.unstubAllGlobals());

describe("ThankYouPage, queued variant", () => {
  it("stays 'saved' when another booking of the queue is delivered, and confirms once its own one is", async () => {
    const mine = await queueBooking("Mine");
    await queueBooking("Other");
    renderRoute(<ThankYouPage />, `/thank-you?queued=${mine}`);
    expect(await heading()).toHaveTextContent(SAVED);

    // Oldest first: this booking still gets no answer, the other one is delivered.
    mockFetch(new TypeError("Failed to fetch"), json(201, { _id: "b2" }));
    expect((await flushPublicWrites({ ignoreBackoff: true })).delivered).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await heading()).toHaveTextContent(SAVED);

    mockFetch(json(201, { _id: "b1" }));
    await flushPublicWrites({ ignoreBackoff: true });
    await vi.waitFor(async () => expect(await heading()).toHaveTextContent(CONFIRMED));
  });

  it("opened after its booking was delivered (a reload), shows the confirmation", async () => {
    const mine = await queueBooking("Mine");
    mockFetch(json(201, { _id: "b1" }));
    await flushPublicWrites({ ignoreBackoff: true });

    renderRoute(<ThankYouPage />, `/thank-you?queued=${mine}`);
    await vi.waitFor(async () => expect(await heading()).toHaveTextContent(CONFIRMED));
  });

  it("opened while its booking still waits, says so in words true for a timeout or a server error as well", async () => {
    const mine = await queueBooking("Mine");
    renderRoute(<ThankYouPage />, `/thank-you?queued=${mine}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await heading()).toHaveTextContent(SAVED);
    expect(
      screen.getByText(/^We couldn't reach our server, so your booking is saved on this device and will be sent/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/offline/i)).not.toBeInTheDocument();
  });

  it("says what to do when the server refused its booking on replay", async () => {
    const mine = await queueBooking("Mine");
    mockFetch(json(409, { message: "That time is fully booked." }));
    await flushPublicWrites({ ignoreBackoff: true });

    renderRoute(<ThankYouPage />, `/thank-you?queued=${mine}`);
    await vi.waitFor(async () => expect(await heading()).toHaveTextContent("Your Booking Was Not Accepted"));
    expect(screen.getByText(/filled up while you were offline. Please book again/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book Again" })).toHaveAttribute("href", "/booking");
  });
});
