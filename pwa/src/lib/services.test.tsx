import { render, screen } from "@testing-library/react";
import { Profiler } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch, SAMPLE_SERVICES } from "../test/fetch.ts";
import { resetServicesCache, useServices } from "./services.ts";

const renders: Record<string, number> = {};

function Shown({ name }: { name: string }) {
  const { services, loading } = useServices();
  return <p aria-label={name}>{loading ? "loading" : `${services.length} services`}</p>;
}

/** A screen reading the list; React's Profiler counts its renders. */
function Reader({ name }: { name: string }) {
  return (
    <Profiler id={name} onRender={(id) => (renders[id] = (renders[id] ?? 0) + 1)}>
      <Shown name={name} />
    </Profiler>
  );
}

beforeEach(() => {
  resetServicesCache();
  for (const name of Object.keys(renders)) delete renders[name];
});
afterEach(() => vi.unstubAllGlobals());

describe("useServices", () => {
  it("asks once for every screen, and re-renders them when the list arrives, not when it is asked for", async () => {
    const fetch = mockFetch({ "/api/services": () => json(SAMPLE_SERVICES) });
    render(
      <>
        <Reader name="menu" />
        <Reader name="footer" />
      </>,
    );
    expect(screen.getByLabelText("menu")).toHaveTextContent("loading");
    expect(await screen.findByLabelText("footer")).toHaveTextContent(`${SAMPLE_SERVICES.length} services`);
    expect(screen.getByLabelText("menu")).toHaveTextContent(`${SAMPLE_SERVICES.length} services`);
    expect(fetch).toHaveBeenCalledOnce();
    // Each store change re-renders every reader at once, in one task: the start of the request is not one.
    expect(renders).toEqual({ menu: 2, footer: 2 });
  });

  it("asks again when a later screen mounts after a failure", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const fetch = mockFetch({ "/api/services": () => json({ message: "down" }, 503) });
    const { rerender } = render(<Reader name="first" />);
    await vi.waitFor(() => expect(renders.first).toBe(2));
    expect(screen.getByLabelText("first")).toHaveTextContent("0 services");
    expect(logged).toHaveBeenCalledWith("Could not load services", expect.anything());
    mockFetch({ "/api/services": () => json(SAMPLE_SERVICES) });
    rerender(
      <>
        <Reader name="first" />
        <Reader name="later" />
      </>,
    );
    await vi.waitFor(() =>
      expect(screen.getByLabelText("later")).toHaveTextContent(`${SAMPLE_SERVICES.length} services`),
    );
    expect(fetch).toHaveBeenCalledOnce();
  });
});
