import type { SignInPolicy } from "@contracts/staff/sign-in.ts";
import { type FormEvent, useCallback, useState } from "react";
import { LoadState } from "../../components/LoadState.tsx";
import { Panel } from "../../components/Panel.tsx";
import { accountApi } from "../../lib/account.ts";
import { failureText } from "../../lib/http.ts";
import { useLoad } from "../../lib/useLoad.ts";

/**
 * Settings → Security, the owner's: who must use two-step verification. A person it requires who has none is taken
 * to set it up right after their password. Saving is a step-up action (the dialog asks when needed).
 */
export default function SecuritySettings() {
  const policy = useLoad(useCallback(() => accountApi.policy(), []));
  return (
    <Panel id="settings-security" title="Security">
      <LoadState<SignInPolicy> load={policy} loading="Loading..." failed="The sign-in policy could not be loaded.">
        {(loaded) => <PolicyForm initial={loaded} />}
      </LoadState>
    </Panel>
  );
}

function PolicyForm({ initial }: { initial: SignInPolicy }) {
  const [value, setValue] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setNotice(null);
    try {
      setValue(await accountApi.savePolicy(value));
      setNotice({ ok: true, text: "Security settings saved." });
    } catch (error) {
      setNotice({ ok: false, text: failureText(error, { otherwise: "The change was not saved. Please try again." }) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)}>
      <label className="adm-settings__switch">
        <input
          type="checkbox"
          checked={value.requireOffice}
          onChange={(e) => setValue({ ...value, requireOffice: e.target.checked })}
        />
        <span>
          <strong>Require two-step verification for owners and admins</strong>
          <span className="adm-settings__hint">Without it they set it up right after their password.</span>
        </span>
      </label>
      <label className="adm-settings__switch">
        <input
          type="checkbox"
          checked={value.requireTechnicians}
          onChange={(e) => setValue({ ...value, requireTechnicians: e.target.checked })}
        />
        <span>
          <strong>Require it for technicians too</strong>
          <span className="adm-settings__hint">Their tablets then ask for a code at every sign-in.</span>
        </span>
      </label>
      {notice && (
        <p className={`banner ${notice.ok ? "banner-success" : "banner-error"}`} role="status">
          {notice.text}
        </p>
      )}
      <button className="btn btn-primary" type="submit" disabled={saving}>
        {saving ? "Saving..." : "Save Security"}
      </button>
    </form>
  );
}
