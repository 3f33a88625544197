import assert from "node:assert/strict";
import { PROFILE_JSON_ID } from "../contracts/settings/profile.ts";

/** The business profile a served page carries in its JSON data block (api/contracts/settings/profile-template.ts). */
export function profileInPage(html: string): unknown {
  const block = new RegExp(`<script type="application/json" id="${PROFILE_JSON_ID}">(.*?)</script>`).exec(html);
  assert.ok(block, "the page carries a profile data block");
  return JSON.parse(block[1]!);
}
