import type { Service } from "@contracts/services/service.ts";
import { MESSAGES } from "@contracts/common/messages.ts";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ChecklistEditor } from "./ChecklistEditor.tsx";
import { saveService } from "./api.ts";
import { describedBy, Field } from "../../components/form/Field.tsx";
import { Modal } from "../../components/Modal.tsx";
import {
  emptyPackage,
  emptyServiceFields,
  serviceToFields,
  toServiceInput,
  type FieldErrors,
  type PackageFields,
  type ServiceFields,
} from "./serviceForm.ts";
import "./ServiceFormModal.css";

interface Props {
  /** Edit mode when given; add mode otherwise. */
  service?: Service;
  onSaved: (service: Service) => void;
  onClose: () => void;
}

type TextKey = Exclude<keyof ServiceFields, "packages" | "checklist">;

const TEXT_FIELDS: { key: TextKey; label: string; required?: boolean; multiline?: boolean; hint?: string }[] = [
  { key: "title", label: "Title", required: true },
  {
    key: "image",
    label: "Image",
    required: true,
    hint: "An https:// URL or a path on this site, e.g. /images/duct.webp",
  },
  { key: "description", label: "Description", required: true, multiline: true },
  {
    key: "descriptionEs",
    label: "Description (Spanish)",
    multiline: true,
    hint: "Visitors who read Spanish see it on the site; left empty, they see the description",
  },
  { key: "benefits", label: "Benefits", multiline: true, hint: "Separate benefits with commas" },
  {
    key: "benefitsEs",
    label: "Benefits (Spanish)",
    multiline: true,
    hint: "Separate benefits with commas; left empty, visitors who read Spanish see the benefits",
  },
  { key: "process", label: "Process", multiline: true, hint: "Separate process steps with commas" },
  {
    key: "processEs",
    label: "Process (Spanish)",
    multiline: true,
    hint: "Separate process steps with commas; left empty, visitors who read Spanish see the process",
  },
  // The short fields pair up two by two, each Spanish one beside its English one.
  { key: "price", label: "Price ($)", required: true },
  {
    key: "titleEs",
    label: "Spanish title",
    hint: "Customers who read Spanish see it in their messages; left empty, they see the title",
  },
  { key: "duration", label: "Duration", required: true, hint: "e.g. 2-4 hours" },
  { key: "durationEs", label: "Duration (Spanish)", hint: "e.g. 2 a 4 horas" },
  { key: "coverage", label: "Coverage", required: true, hint: "e.g. Whole home, up to 20 vents" },
  { key: "coverageEs", label: "Coverage (Spanish)", hint: "e.g. Toda la casa, hasta 20 rejillas" },
];

type PackageKey = Exclude<keyof PackageFields, "key" | "isPopular">;

const PACKAGE_FIELDS: { key: PackageKey; label: string; required?: boolean; wide?: boolean; hint?: string }[] = [
  { key: "name", label: "Package name", required: true },
  {
    key: "nameEs",
    label: "Package name (Spanish)",
    hint: "Visitors who read Spanish see it; the booking link keeps the name",
  },
  { key: "price", label: "Package price ($)", required: true },
  { key: "features", label: "Features", required: true, wide: true, hint: "Separate features with commas" },
  {
    key: "featuresEs",
    label: "Features (Spanish)",
    wide: true,
    hint: "Separate features with commas; left empty, visitors who read Spanish see the features",
  },
];

export function ServiceFormModal({ service, onSaved, onClose }: Props) {
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState<Service | undefined>(service);
  const [fields, setFields] = useState<ServiceFields>(() =>
    service ? serviceToFields(service) : emptyServiceFields(),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // After a refused submit, take the person to the first field that needs attention.
    if (Object.keys(errors).length > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const setText = (key: TextKey, value: string) => setFields((f) => ({ ...f, [key]: value }));
  const setPackage = (index: number, patch: Partial<PackageFields>) =>
    setFields((f) => ({ ...f, packages: f.packages.map((p, i) => (i === index ? { ...p, ...patch } : p)) }));
  const setPackageText = (index: number, key: PackageKey, value: string) =>
    setFields((f) => ({ ...f, packages: f.packages.map((p, i) => (i === index ? { ...p, [key]: value } : p)) }));
  const addPackage = () => setFields((f) => ({ ...f, packages: [...f.packages, emptyPackage()] }));
  const removePackage = (index: number) =>
    setFields((f) => (f.packages.length > 1 ? { ...f, packages: f.packages.filter((_, i) => i !== index) } : f));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = toServiceInput(fields);
    if (!checked.ok) {
      setMessage(null);
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await saveService(checked.input, current?._id);
      setMessage({ ok: true, text: current ? MESSAGES.serviceUpdated : MESSAGES.serviceAdded });
      // Reset: an empty form for the next service, or the stored values of the one being edited.
      if (current) {
        setCurrent(saved);
        setFields(serviceToFields(saved));
      } else {
        setFields(emptyServiceFields());
      }
      onSaved(saved);
    } catch (error) {
      console.error("Saving the service failed", error);
      setMessage({ ok: false, text: MESSAGES.serviceSaveFailed });
    } finally {
      setBusy(false);
    }
  }

  const id = (name: string) => `${uid}-${name}`;
  /** The id, class and ARIA wiring of a control inside a shared <Field>. */
  const control = (fieldId: string, hint?: string, error?: string) => ({
    id: fieldId,
    className: "input",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(fieldId, hint, error),
  });

  return (
    <Modal title={current ? "Edit Service" : "Add New Service"} onClose={onClose} size="wide" className="adm">
      <form ref={formRef} className="adm-service-form" noValidate onSubmit={onSubmit}>
        <div role="status" aria-live="polite">
          {message && <p className={message.ok ? "banner banner-success" : "banner banner-error"}>{message.text}</p>}
        </div>
        <p className="adm-form-note">
          Fields marked <span aria-hidden="true">*</span>
          <span className="visually-hidden">as required</span> are required.
        </p>
        <div className="form-grid cols-2">
          {TEXT_FIELDS.map((f) => {
            const props = { ...control(id(f.key), f.hint, errors[f.key]), required: f.required, value: fields[f.key] };
            return (
              <Field
                key={f.key}
                id={props.id}
                label={f.label}
                required={f.required}
                hint={f.hint}
                error={errors[f.key]}
                className={f.multiline ? "span-all" : undefined}
              >
                {f.multiline ? (
                  <textarea {...props} rows={3} onChange={(e) => setText(f.key, e.target.value)} />
                ) : (
                  <input
                    {...props}
                    // The image may be a path on this site, which type="url" would call invalid.
                    type={f.key === "price" ? "number" : "text"}
                    inputMode={f.key === "price" ? "decimal" : f.key === "image" ? "url" : undefined}
                    min={f.key === "price" ? 0 : undefined}
                    step={f.key === "price" ? "0.01" : undefined}
                    onChange={(e) => setText(f.key, e.target.value)}
                  />
                )}
              </Field>
            );
          })}
        </div>

        <fieldset className="adm-packages">
          <legend className="adm-packages__legend">Packages</legend>
          {errors.packages && <p className="field-error">{errors.packages}</p>}
          {fields.packages.map((p, index) => {
            return (
              <fieldset key={p.key} className="adm-package">
                <legend className="adm-package__legend">Package {index + 1}</legend>
                <div className="form-grid cols-2">
                  {PACKAGE_FIELDS.map((f) => {
                    const fieldId = id(`pkg-${p.key}-${f.key}`);
                    const error = errors[`packages.${index}.${f.key}`];
                    const price = f.key === "price";
                    return (
                      <Field
                        key={f.key}
                        id={fieldId}
                        label={f.label}
                        required={f.required}
                        hint={f.hint}
                        error={error}
                        className={f.wide ? "span-all" : undefined}
                      >
                        <input
                          {...control(fieldId, f.hint, error)}
                          type={price ? "number" : "text"}
                          inputMode={price ? "decimal" : undefined}
                          min={price ? 0 : undefined}
                          step={price ? "0.01" : undefined}
                          required={f.required}
                          value={p[f.key]}
                          onChange={(e) => setPackageText(index, f.key, e.target.value)}
                        />
                      </Field>
                    );
                  })}
                </div>
                <div className="adm-package__footer">
                  <label className="adm-checkbox">
                    <input
                      type="checkbox"
                      checked={p.isPopular}
                      onChange={(e) => setPackage(index, { isPopular: e.target.checked })}
                    />
                    Popular package
                  </label>
                  {fields.packages.length > 1 && (
                    <button
                      type="button"
                      className="btn adm-btn-small adm-btn-danger"
                      onClick={() => removePackage(index)}
                    >
                      Remove Package {index + 1}
                    </button>
                  )}
                </div>
              </fieldset>
            );
          })}
          <button type="button" className="btn btn-outline" onClick={addPackage}>
            Add Package
          </button>
        </fieldset>

        <ChecklistEditor
          items={fields.checklist}
          errors={errors}
          onChange={(checklist) => setFields((f) => ({ ...f, checklist }))}
        />

        <div className="adm-form-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Saving..." : current ? "Update Service" : "Add Service"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
