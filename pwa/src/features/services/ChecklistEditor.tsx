import { emptyChecklistItem, type ChecklistFields } from "./serviceForm.ts";

interface Props {
  items: ChecklistFields[];
  errors: Record<string, string>;
  onChange: (items: ChecklistFields[]) => void;
}

/**
 * The service's checklist: what its technician ticks on every job. A required item keeps Complete Job
 * disabled on the technician's screen until it is ticked.
 */
export function ChecklistEditor({ items, errors, onChange }: Props) {
  const set = (key: number, patch: Partial<ChecklistFields> | null) =>
    onChange(
      patch === null ? items.filter((i) => i.key !== key) : items.map((i) => (i.key === key ? { ...i, ...patch } : i)),
    );
  return (
    <fieldset className="adm-packages adm-checklist-editor">
      <legend className="adm-packages__legend">Job Checklist</legend>
      <p className="field-hint">
        Ticked by the technician on every job of this service. Required items must be ticked, and a Before and an After
        photo taken, before the job can be completed.
      </p>
      {errors.checklist && <p className="field-error">{errors.checklist}</p>}
      {items.length === 0 && <p className="adm-empty">No checklist for this service.</p>}
      <ol className="adm-checklist-editor__list">
        {items.map((item, index) => {
          const error = errors[`checklist.${index}.label`];
          const inputId = `checklist-item-${item.key}`;
          return (
            <li key={item.key} className="adm-checklist-editor__item">
              <label htmlFor={inputId} className="visually-hidden">
                Checklist item {index + 1}
              </label>
              <input
                id={inputId}
                className="input"
                value={item.label}
                maxLength={120}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                onChange={(e) => set(item.key, { label: e.target.value })}
              />
              <label className="adm-checklist-editor__required">
                <input
                  type="checkbox"
                  checked={item.required}
                  onChange={(e) => set(item.key, { required: e.target.checked })}
                />
                Required<span className="visually-hidden"> (item {index + 1})</span>
              </label>
              <button type="button" className="btn adm-btn-small adm-btn-danger" onClick={() => set(item.key, null)}>
                Remove<span className="visually-hidden"> item {index + 1}</span>
              </button>
              {error && (
                <p id={`${inputId}-error`} className="field-error adm-checklist-editor__error">
                  {error}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn btn-outline" onClick={() => onChange([...items, emptyChecklistItem()])}>
        Add Checklist Item
      </button>
    </fieldset>
  );
}
