import type { ReportSummary } from "@contracts/reports/reports.ts";
import type { ChartConfiguration } from "chart.js";
import { formatMoney } from "@contracts/common/money.ts";
import type { ChartTable } from "./ChartCard.tsx";
import { bucketLabel, wholeMoney } from "./format.ts";

const PRIMARY = "#0b4f6c";
const ACCENT = "#f28c28";
const MUTED = "#9fb6c3";

export interface ReportChart {
  title: string;
  config: ChartConfiguration;
  table: ChartTable;
  empty?: string;
}

const axis = { grid: { color: "#e3eaee" }, ticks: { color: "#55656f" } };

/** The report's four charts, each with the same numbers as a table. */
export function reportCharts(summary: ReportSummary): ReportChart[] {
  const { bucket } = summary.period;
  const labels = summary.series.map((p) => bucketLabel(p.bucket, bucket));
  const step = bucket === "day" ? "day" : bucket;
  return [
    {
      title: `Revenue and visits per ${step}`,
      config: {
        type: "bar",
        data: {
          labels,
          datasets: [
            {
              type: "bar",
              label: "Revenue",
              data: summary.series.map((p) => p.revenue),
              backgroundColor: PRIMARY,
              yAxisID: "y",
            },
            {
              type: "line",
              label: "Completed visits",
              data: summary.series.map((p) => p.completed),
              borderColor: ACCENT,
              backgroundColor: ACCENT,
              yAxisID: "visits",
            },
          ],
        },
        options: {
          scales: {
            x: axis,
            y: { ...axis, beginAtZero: true, ticks: { ...axis.ticks, callback: (v) => wholeMoney(Number(v)) } },
            visits: {
              ...axis,
              beginAtZero: true,
              position: "right",
              grid: { drawOnChartArea: false },
              ticks: { ...axis.ticks, precision: 0 },
            },
          },
        },
      },
      table: {
        columns: [step[0]!.toUpperCase() + step.slice(1), "Bookings", "Completed visits", "Revenue"],
        // Every step, the empty ones too: a quiet week is part of the story.
        rows: summary.series.map((p, i) => [labels[i]!, p.bookings, p.completed, formatMoney(p.revenue)]),
      },
    },
    {
      title: "Revenue by service",
      config: {
        type: "bar",
        data: {
          labels: summary.byService.map((s) => s.title),
          datasets: [{ label: "Revenue", data: summary.byService.map((s) => s.revenue), backgroundColor: PRIMARY }],
        },
        options: {
          indexAxis: "y",
          plugins: { legend: { display: false } },
          scales: {
            x: { ...axis, beginAtZero: true, ticks: { ...axis.ticks, callback: (v) => wholeMoney(Number(v)) } },
            y: axis,
          },
        },
      },
      table: {
        columns: ["Service", "Bookings", "Revenue"],
        rows: summary.byService.map((s) => [s.title, s.bookings, formatMoney(s.revenue)]),
      },
    },
    {
      title: "Visits by technician",
      config: {
        type: "bar",
        data: {
          labels: summary.byTechnician.map((t) => t.name),
          datasets: [{ label: "Visits", data: summary.byTechnician.map((t) => t.visits), backgroundColor: ACCENT }],
        },
        options: {
          plugins: { legend: { display: false } },
          scales: { x: axis, y: { ...axis, beginAtZero: true, ticks: { ...axis.ticks, precision: 0 } } },
        },
      },
      table: {
        columns: ["Technician", "Visits", "Revenue", "Rating"],
        rows: summary.byTechnician.map((t) => [t.name, t.visits, formatMoney(t.revenue), ratingText(t)]),
      },
      empty: "No visits assigned to a technician in this period.",
    },
    {
      title: "Bookings by ZIP code (top 10)",
      config: {
        type: "bar",
        data: {
          labels: summary.byZip.map((z) => z.zip),
          datasets: [{ label: "Bookings", data: summary.byZip.map((z) => z.bookings), backgroundColor: MUTED }],
        },
        options: {
          plugins: { legend: { display: false } },
          scales: { x: axis, y: { ...axis, beginAtZero: true, ticks: { ...axis.ticks, precision: 0 } } },
        },
      },
      table: { columns: ["ZIP code", "Bookings"], rows: summary.byZip.map((z) => [z.zip, z.bookings]) },
    },
  ];
}

/** "4.5 ★ (12 ratings)", or a dash before the first rating. */
export function ratingText(t: { averageRating: number | null; ratings: number }): string {
  if (t.averageRating === null || t.ratings === 0) return "—";
  return `${t.averageRating.toFixed(1)} ★ (${t.ratings} rating${t.ratings === 1 ? "" : "s"})`;
}
