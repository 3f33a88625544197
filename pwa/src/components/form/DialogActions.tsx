/** A dialog form's last row: Cancel, and the submit button that says what it does (and that it is busy). */
export function DialogActions({
  saving,
  label,
  savingLabel,
  onCancel,
  danger = false,
}: {
  saving: boolean;
  label: string;
  savingLabel: string;
  onCancel: () => void;
  danger?: boolean;
}) {
  return (
    <div className="dialog-actions">
      <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
        Cancel
      </button>
      <button type="submit" className={danger ? "btn adm-btn-danger" : "btn btn-primary"} disabled={saving}>
        {saving ? savingLabel : label}
      </button>
    </div>
  );
}
