// First, so that the area's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import { useState, type FormEvent } from "react";
import { browserSupportsWebAuthn } from "../../lib/webauthn.ts";
import { PASSKEY_NAME_MAX } from "@contracts/staff/passkeys.ts";
import { LoadState } from "../../components/LoadState.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { TextField } from "../../components/form/Field.tsx";
import { passkeyErrorText } from "../../lib/passkeyErrors.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { addPasskey, fetchPasskeys } from "./api.ts";
import { PasskeyRow } from "./PasskeyRow.tsx";
import "./PasskeysPage.css";

/** /dashboard/account/passkeys: the signed-in person's passkeys — add one (the browser's prompt), name, list, remove. */
export default function PasskeysPage() {
  const passkeys = useLoad(fetchPasskeys);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const supported = browserSupportsWebAuthn();

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const added = await addPasskey(name.trim());
      setName("");
      setNotice(`Passkey "${added.name}" added. You can sign in with it now.`);
      passkeys.refresh();
    } catch (err) {
      setError(passkeyErrorText(err, "The passkey could not be added."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="adm adm-dashboard adm-passkeys">
      <PageHeader
        title="Passkeys"
        lead="Sign in with this device's fingerprint, face or screen lock: nothing to type, nothing to phish."
      />
      <section className="adm-passkeys__add" aria-labelledby="passkeys-add-title">
        <h2 id="passkeys-add-title">Add a passkey</h2>
        {supported ? (
          <form className="adm-passkeys__form" onSubmit={onAdd}>
            <TextField
              id="passkey-name"
              label="Passkey name"
              hint="Which device or security key it is, e.g. Office laptop."
              required
              maxLength={PASSKEY_NAME_MAX}
              value={name}
              onChange={setName}
            />
            <button className="btn btn-primary" type="submit" disabled={busy || !name.trim()}>
              {busy ? "Waiting for the passkey..." : "Add a passkey"}
            </button>
          </form>
        ) : (
          <p className="banner">This browser cannot make passkeys. Use a current browser to add one.</p>
        )}
        {error && (
          <p className="banner banner-error" role="alert">
            {error}
          </p>
        )}
        {notice && (
          <p className="banner banner-success" role="status">
            {notice}
          </p>
        )}
      </section>
      <section aria-labelledby="passkeys-list-title">
        <h2 id="passkeys-list-title">Your passkeys</h2>
        <LoadState
          load={passkeys}
          loading="Loading passkeys..."
          failed="Your passkeys could not be loaded. Check the connection and reload the page."
        >
          {(list) =>
            list.length === 0 ? (
              <p className="adm-passkeys__empty">No passkeys yet. You sign in with your password.</p>
            ) : (
              <ul className="adm-passkeys__list">
                {list.map((passkey) => (
                  <PasskeyRow key={passkey._id} passkey={passkey} onChanged={passkeys.refresh} />
                ))}
              </ul>
            )
          }
        </LoadState>
      </section>
    </div>
  );
}
