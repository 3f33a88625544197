import "./DialogActions.css";

/**
 * A dialog's last row: Cancel, and the button that says what it does (and that it is busy). It submits the dialog's
 * form, or, given `onConfirm`, acts by itself (a dialog with no form: signing, completing a job, a builder). Above it,
 * what went wrong with the last try (`problem`), where the eye is when the button is pressed.
 */
export function DialogActions({
  saving,
  label,
  savingLabel = "Saving...",
  onCancel,
  onConfirm,
  disabled = false,
  danger = false,
  problem = null,
}: {
  saving: boolean;
  label: string;
  savingLabel?: string;
  onCancel: () => void;
  onConfirm?: () => void;
  /** Not ready to confirm yet (something required is missing), besides while saving. */
  disabled?: boolean;
  danger?: boolean;
  problem?: string | null;
}) {
  return (
    <>
      {problem && (
        <p className="banner banner-error" role="alert">
          {problem}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button
          type={onConfirm ? "button" : "submit"}
          className={danger ? "btn adm-btn-danger" : "btn btn-primary"}
          onClick={onConfirm}
          disabled={saving || disabled}
        >
          {saving ? savingLabel : label}
        </button>
      </div>
    </>
  );
}
