import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { prerender } from "react-dom/static";

/**
 * React's server renderer leaves each context's value as its last task saw it (a server never renders the client's
 * side of the same contexts); the next server render starts by putting them back. A test that rendered a page as the
 * server does would otherwise leave its values (a router's location, Spanish texts) to what it renders next in the
 * browser's way, or to the next test: an empty render of each server renderer the tests use puts them back.
 */
export async function forgetServerContexts(): Promise<void> {
  renderToString(createElement(Fragment));
  await prerender(createElement(Fragment));
}
