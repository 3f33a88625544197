import { waitFor } from "@testing-library/react";
import { lazy, Suspense, type ComponentType } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, expect, it } from "vitest";
import { I18nProvider, useTranslator } from "./I18nProvider.tsx";
import { chooseLocale } from "./locale.ts";
import { HydratesAsWritten } from "./translator.ts";

// Words that follow the language without a catalog, as the profile's Spanish hours do.
function Words() {
  return <p>{useTranslator().locale === "es" ? "Abrimos de lunes a domingo" : "We are open Mon-Sun"}</p>;
}

// A part of the page that hydrates later, as the footer and the box beside the booking form do.
const Hours = () => (
  <HydratesAsWritten>
    <Words />
  </HydratesAsWritten>
);

const page = (Later: ComponentType) => (
  <I18nProvider area="public">
    <h1>Booking</h1>
    <Suspense fallback={null}>
      <Later />
    </Suspense>
  </I18nProvider>
);

let root: Root | undefined;
const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
afterEach(() => {
  root?.unmount();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

it("a language chosen while a later part of the page waits to hydrate reaches it after it has hydrated as written", async () => {
  // React's own scheduling is what is tested: no act() around it.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  document.documentElement.lang = "en";
  const container = document.createElement("div");
  container.innerHTML = renderToString(page(Hours));
  document.body.append(container);

  let asked = () => {};
  const reached = new Promise<void>((resolve) => (asked = resolve));
  let deliver = (_module: { default: ComponentType }) => {};
  const Later = lazy(() => {
    asked();
    return new Promise<{ default: ComponentType }>((resolve) => (deliver = resolve));
  });
  const errors: unknown[] = [];
  root = hydrateRoot(container, page(Later), { onRecoverableError: (error) => errors.push(error) });
  await reached;
  // The part's code arrives; before React comes back to hydrate it, the visitor picks Español.
  deliver({ default: Hours });
  await Promise.resolve();
  chooseLocale("es");

  await waitFor(() => expect(container).toHaveTextContent("Abrimos de lunes a domingo"));
  expect(errors).toEqual([]);
});
