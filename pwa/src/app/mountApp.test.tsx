import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, expect, it, vi } from "vitest";
import { mountApp } from "./mountApp.ts";

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      Pressed {count}
    </button>
  );
}

let unmount: (() => void) | null = null;
afterEach(() => {
  act(() => unmount?.());
  unmount = null;
  document.body.innerHTML = "";
});

it("takes over build-time HTML as it is, without rendering it again, and makes it interactive", async () => {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<Counter />);
  document.body.append(container);
  const button = screen.getByRole("button");
  const recoverable = vi.fn();
  vi.spyOn(console, "error").mockImplementation(recoverable);

  await act(async () => {
    const root = mountApp(container, <Counter />, { createRoot, hydrateRoot });
    unmount = () => root.unmount();
  });

  // The same element: hydrated, not thrown away and rendered anew.
  expect(screen.getByRole("button")).toBe(button);
  expect(recoverable).not.toHaveBeenCalled();
  await userEvent.click(button);
  expect(button).toHaveTextContent("Pressed 1");
});

it("renders into the empty shell", async () => {
  const container = document.createElement("div");
  document.body.append(container);

  await act(async () => {
    const root = mountApp(container, <Counter />, { createRoot, hydrateRoot });
    unmount = () => root.unmount();
  });

  expect(screen.getByRole("button")).toHaveTextContent("Pressed 0");
});
