import "fake-indexeddb/auto";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { enqueueAndSend, flushPublicWrites, listPublicWrites } from "../../lib/offline-queue/publicWrites.ts";
import { freshQueue, json, mockFetch } from "../../test/offlineQueue.ts";
import { QueueNotices } from "./QueueNotices.tsx";

beforeEach(freshQueue);
afterEach(() => vi.unstubAllGlobals());

const booking = { cleaningDate: "2030-05-06", cleaningTime: "9:00 AM", serviceType: "air-duct-cleaning" };

it("tells the person a request waits on this device", async () => {
  mockFetch(new TypeError("Failed to fetch"));
  await enqueueAndSend("booking", booking);

  render(<QueueNotices />, { wrapper: MemoryRouter });

  expect(await screen.findByText(/1 request is saved on this device/)).toBeInTheDocument();
});

it("shows a booking refused on replay with what to do, until dismissed", async () => {
  mockFetch(new TypeError("Failed to fetch"));
  await enqueueAndSend("booking", booking);
  render(<QueueNotices />, { wrapper: MemoryRouter });
  mockFetch(json(409, { message: "That time slot is full. Please choose another time." }));

  await flushPublicWrites({ ignoreBackoff: true });

  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("Booking for 2030-05-06 at 9:00 AM was not accepted");
  expect(alert).toHaveTextContent(/filled up while you were offline/);
  expect(screen.getByRole("link", { name: "Book again" })).toHaveAttribute("href", "/booking/air-duct-cleaning");

  await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));

  await vi.waitFor(() => expect(screen.queryByRole("alert")).not.toBeInTheDocument());
  expect(await listPublicWrites()).toEqual([]);
});
