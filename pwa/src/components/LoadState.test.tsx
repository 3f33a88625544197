import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "../lib/http.ts";
import type { Loaded } from "../lib/useLoad.ts";
import { LoadState } from "./LoadState.tsx";

const texts = {
  loading: "Loading booking...",
  failed: "The booking could not be loaded.",
  offline: "No connection.",
  notFound: "This booking does not exist any more.",
};

function show(load: Loaded<string>, extra: Partial<Parameters<typeof LoadState<string>>[0]> = {}) {
  return render(
    <LoadState load={load} {...texts} {...extra}>
      {(data) => <h1>{data}</h1>}
    </LoadState>,
  );
}

describe("LoadState", () => {
  it("says the screen's loading text as a status while loading, and nothing of its content", () => {
    show({ state: "loading" });
    expect(screen.getByRole("status")).toHaveTextContent(texts.loading);
    expect(screen.queryByRole("heading")).not.toBeInTheDocument();
  });

  it("shows the content once ready, and no status or alert", () => {
    show({ state: "ready", data: "Dana Smith" });
    expect(screen.getByRole("heading", { name: "Dana Smith" })).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("tells a failure, a failure without a connection and a 404 apart", () => {
    const { rerender } = show({ state: "failed", error: new ApiError(500, "Boom", null) });
    expect(screen.getByRole("alert")).toHaveTextContent(texts.failed);
    rerender(<LoadState load={{ state: "failed", error: new NetworkError(new TypeError("x")) }} {...texts} />);
    expect(screen.getByRole("alert")).toHaveTextContent(texts.offline);
    rerender(<LoadState load={{ state: "failed", error: new ApiError(404, "Gone", null) }} {...texts} />);
    expect(screen.getByRole("alert")).toHaveTextContent(texts.notFound);
  });

  it("says the plain failure for no connection and a 404 where the screen has no words of its own for them", () => {
    const { rerender } = render(
      <LoadState
        load={{ state: "failed", error: new NetworkError(new TypeError("x")) }}
        {...texts}
        offline={undefined}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(texts.failed);
    rerender(
      <LoadState load={{ state: "failed", error: new ApiError(404, "Gone", null) }} {...texts} notFound={undefined} />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(texts.failed);
  });

  it("reads the error when its texts are functions", () => {
    show(
      { state: "failed", error: new ApiError(404, "That job is not yours.", null) },
      { notFound: (error) => `${error.message} Ask the office.` },
    );
    expect(screen.getByRole("alert")).toHaveTextContent("That job is not yours. Ask the office.");
  });

  it("offers Try again where the screen gives a retry, but not for a 404, and calls it", async () => {
    const retry = vi.fn();
    const { rerender } = show({ state: "failed", error: new Error("x") });
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
    rerender(<LoadState load={{ state: "failed", error: new Error("x") }} {...texts} onRetry={retry} />);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledOnce();
    rerender(
      <LoadState load={{ state: "failed", error: new ApiError(404, "Gone", null) }} {...texts} onRetry={retry} />,
    );
    expect(screen.queryByRole("button", { name: "Try again" })).not.toBeInTheDocument();
  });
});
