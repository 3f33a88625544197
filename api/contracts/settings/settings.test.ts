import assert from "node:assert/strict";
import { DEFAULT_PROFILE } from "./profile.ts";
import { initialSettings, profileWithSettings } from "./settings.ts";

Deno.test(
  "profile with settings: a name and service area changed in Settings reach the profile with SPEC's hours",
  () => {
    const settings = initialSettings(DEFAULT_PROFILE);
    settings.profile = { ...settings.profile, name: "Blue Ridge Air Care", serviceArea: "the Roanoke Valley" };
    const profile = profileWithSettings(DEFAULT_PROFILE, settings);
    assert.equal(profile.name, "Blue Ridge Air Care");
    assert.equal(profile.serviceArea, "the Roanoke Valley");
    assert.equal(profile.hoursText, DEFAULT_PROFILE.hoursText);
  },
);
