import { useState, type FormEvent } from "react";
import { PASSKEY_NAME_MAX, type Passkey } from "@contracts/staff/passkeys.ts";
import { TextField } from "../../components/form/Field.tsx";
import { formatReceived } from "../../lib/format.ts";
import { failureText } from "../../lib/http.ts";
import { removePasskey, renamePasskey } from "./api.ts";

type Mode = "view" | "rename" | "remove";

/** One passkey: its name, when added and last used; rename in place, remove after a second press. */
export function PasskeyRow({ passkey, onChanged }: { passkey: Passkey; onChanged: () => void }) {
  const [mode, setMode] = useState<Mode>("view");
  const [name, setName] = useState(passkey.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<unknown>, failed: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      setMode("view");
      onChanged();
    } catch (err) {
      setError(failureText(err, { otherwise: failed }));
    } finally {
      setBusy(false);
    }
  };

  const onRename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(() => renamePasskey(passkey._id, name.trim()), "The passkey could not be renamed.");
  };

  return (
    <li className="adm-passkeys__item">
      {mode === "rename" ? (
        <form className="adm-passkeys__rename" onSubmit={onRename}>
          <TextField
            id={`passkey-rename-${passkey._id}`}
            label="New name"
            required
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            onChange={setName}
          />
          <button className="btn btn-primary" type="submit" disabled={busy || !name.trim()}>
            Save name
          </button>
          <button className="btn btn-outline" type="button" onClick={() => setMode("view")}>
            Cancel
          </button>
        </form>
      ) : (
        <div className="adm-passkeys__summary">
          <strong className="adm-passkeys__name">{passkey.name}</strong>
          <span>Added {formatReceived(passkey.createdAt)}</span>
          <span>{passkey.lastUsedAt ? `Last used ${formatReceived(passkey.lastUsedAt)}` : "Not used yet"}</span>
        </div>
      )}
      {mode === "view" && (
        <div className="adm-passkeys__actions">
          <button
            className="btn btn-outline"
            type="button"
            onClick={() => setMode("rename")}
            aria-label={`Rename ${passkey.name}`}
          >
            Rename
          </button>
          <button
            className="btn btn-outline"
            type="button"
            onClick={() => setMode("remove")}
            aria-label={`Remove ${passkey.name}`}
          >
            Remove
          </button>
        </div>
      )}
      {mode === "remove" && (
        <div className="adm-passkeys__confirm" role="group" aria-label={`Remove ${passkey.name}?`}>
          <span>Remove this passkey? It will no longer sign you in.</span>
          <button
            className="btn adm-btn-danger"
            type="button"
            disabled={busy}
            onClick={() => void run(() => removePasskey(passkey._id), "The passkey could not be removed.")}
          >
            Remove passkey
          </button>
          <button className="btn btn-outline" type="button" onClick={() => setMode("view")}>
            Keep it
          </button>
        </div>
      )}
      {error && (
        <p className="banner banner-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}
