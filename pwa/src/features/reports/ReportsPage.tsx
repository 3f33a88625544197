// First, so that the area's own styles come after the shared ones they build on.
import "../../styles/staff.css";
import {
  PERIOD_PRESET_LABELS,
  presetPeriod,
  REPORT_EXPORTS,
  type PeriodPreset,
  type ReportExport,
  type ReportPeriod,
  type ReportSummary,
  type ReportTotals,
} from "@contracts/reports/reports.ts";
import { formatMoney } from "@contracts/common/money.ts";
import { todayIn } from "@contracts/schedule/dates.ts";
import { useCallback, useMemo, useState, type FormEvent } from "react";
import { Link } from "../../components/Link.tsx";
import { LoadState } from "../../components/LoadState.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { failureText } from "../../lib/http.ts";
import { useLoad } from "../../lib/useLoad.ts";
import { formatDate } from "../../lib/format.ts";
import { useProfile } from "../../lib/profile.tsx";
import { downloadCsv, fetchSummary } from "./api.ts";
import { ChartCard } from "./ChartCard.tsx";
import { reportCharts } from "./charts.ts";
import { ReportMembers } from "./ReportMembers.tsx";
import { ReportMoney } from "./ReportMoney.tsx";
import { change, percent } from "./format.ts";
import "./ReportsPage.css";

const FIGURES: {
  key: keyof ReportTotals;
  label: string;
  show: (t: ReportTotals) => string;
  lowerIsBetter?: boolean;
}[] = [
  { key: "bookings", label: "Bookings", show: (t) => String(t.bookings) },
  { key: "completed", label: "Visits completed", show: (t) => String(t.completed) },
  {
    key: "cancelled",
    label: "Cancellations",
    show: (t) => `${t.cancelled} (${percent(t.cancellationRate)})`,
    lowerIsBetter: true,
  },
  { key: "bookedRevenue", label: "Booked revenue", show: (t) => formatMoney(t.bookedRevenue) },
  { key: "completedRevenue", label: "Completed revenue", show: (t) => formatMoney(t.completedRevenue) },
  { key: "averageJob", label: "Average job", show: (t) => formatMoney(t.averageJob) },
  { key: "newCustomers", label: "New customers", show: (t) => String(t.newCustomers) },
  { key: "returningCustomers", label: "Returning customers", show: (t) => String(t.returningCustomers) },
];

/**
 * /dashboard/reports: how a period went, against the one before it, with charts (and their numbers as
 * tables), a print layout, and the CSV exports for the accountant. Owners and admins only.
 */
export default function ReportsPage() {
  const { timeZone } = useProfile();
  const today = todayIn(timeZone);
  const [period, setPeriod] = useState<ReportPeriod>(() => presetPeriod("this-month", today));
  const [preset, setPreset] = useState<PeriodPreset | null>("this-month");
  const [draft, setDraft] = useState<ReportPeriod>(period);
  const report = useLoad(useCallback(() => fetchSummary(period), [period]));
  const [exporting, setExporting] = useState<ReportExport | null>(null);
  const [exportProblem, setExportProblem] = useState<string | null>(null);

  const choose = (next: ReportPeriod, name: PeriodPreset | null) => {
    setPreset(name);
    setDraft(next);
    setPeriod(next);
  };
  const applyRange = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to) choose(draft, null);
  };
  const exportCsv = async (kind: ReportExport) => {
    setExporting(kind);
    setExportProblem(null);
    try {
      await downloadCsv(kind, period);
    } catch (error) {
      setExportProblem(failureText(error, { otherwise: "The file could not be made. Please try again." }));
    } finally {
      setExporting(null);
    }
  };

  const summary = report.state === "ready" ? report.data : null;

  return (
    <div className="adm adm-dashboard reports">
      <PageHeader
        title="Reports"
        lead={
          <>
            {formatDate(period.from)} – {formatDate(period.to)}
            {summary && (
              <span className="reports__previous">
                {" "}
                · compared with {formatDate(summary.previous.from)} – {formatDate(summary.previous.to)}
              </span>
            )}
          </>
        }
        actions={
          <div className="reports__actions">
            <button type="button" className="btn btn-outline" onClick={() => window.print()}>
              Print
            </button>
            <Link className="btn btn-outline" to="/dashboard">
              Back to Dashboard
            </Link>
          </div>
        }
      />

      <section className="adm-panel reports__period" aria-label="Period">
        <div className="reports__presets" role="group" aria-label="Preset periods">
          {(Object.keys(PERIOD_PRESET_LABELS) as PeriodPreset[]).map((name) => (
            <button
              key={name}
              type="button"
              className={`btn ${preset === name ? "btn-primary" : "btn-outline"}`}
              aria-pressed={preset === name}
              onClick={() => choose(presetPeriod(name, today), name)}
            >
              {PERIOD_PRESET_LABELS[name]}
            </button>
          ))}
        </div>
        <form className="reports__range" onSubmit={applyRange}>
          <label>
            From
            <input
              className="input"
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              required
              onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
            />
          </label>
          <label>
            To
            <input
              className="input"
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              required
              onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
            />
          </label>
          <button type="submit" className="btn btn-primary">
            Show
          </button>
        </form>
        <div className="reports__exports">
          {REPORT_EXPORTS.map((kind) => (
            <button
              key={kind}
              type="button"
              className="btn btn-outline"
              disabled={exporting !== null}
              onClick={() => void exportCsv(kind)}
            >
              {exporting === kind ? "Preparing..." : `${kind[0]!.toUpperCase()}${kind.slice(1)} CSV`}
            </button>
          ))}
        </div>
        {exportProblem && (
          <p className="banner banner-error" role="alert">
            {exportProblem}
          </p>
        )}
      </section>

      <LoadState
        load={report}
        loading="Loading the report..."
        failed={(error) => failureText(error, { otherwise: "The report could not be loaded." })}
        onRetry={report.reload}
      >
        {(loaded) => <ReportView summary={loaded} />}
      </LoadState>
    </div>
  );
}

/** The period's figures against the one before, and its charts. */
function ReportView({ summary }: { summary: ReportSummary }) {
  const charts = useMemo(() => reportCharts(summary), [summary]);
  return (
    <>
      <ul className="reports__figures" aria-label="Figures">
        {FIGURES.map(({ key, label, show, lowerIsBetter }) => {
          const { text, direction } = change(summary.totals[key], summary.previous.totals[key]);
          const good = direction === "same" ? "same" : (direction === "up") !== Boolean(lowerIsBetter) ? "good" : "bad";
          return (
            <li key={key} className="adm-panel reports__figure">
              <p className="reports__figure-label">{label}</p>
              <p className="reports__figure-value">{show(summary.totals)}</p>
              <p className={`reports__figure-change reports__figure-change--${good}`}>{text}</p>
            </li>
          );
        })}
      </ul>
      <ReportMoney money={summary} />
      <ReportMembers members={summary.memberships} />
      <div className="reports__charts">
        {charts.map((chart) => (
          <ChartCard key={chart.title} {...chart} />
        ))}
      </div>
    </>
  );
}
