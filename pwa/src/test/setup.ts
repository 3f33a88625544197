import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { resetLocaleForTests } from "../lib/i18n/locale.ts";
import { forgetServerContexts } from "./serverContexts.ts";

// findBy*/waitFor wait for a state, not a time: on a loaded 2-core machine that state can take more than the
// 1 s default to arrive, and a test that waits longer for it proves the same thing.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  cleanup();
  localStorage.clear();
  // A test that chose Español must not leave the next one in Spanish.
  resetLocaleForTests();
  // A page a test rendered as the server does must not leave its contexts' values to the next test.
  await forgetServerContexts();
});
