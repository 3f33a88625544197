import {
  exportFilename,
  type ReportExport,
  type ReportPeriod,
  type ReportSummary,
} from "@contracts/reports/reports.ts";
import { fetchWithToken, request } from "../../lib/http.ts";

const query = ({ from, to }: ReportPeriod) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

export const fetchSummary = (period: ReportPeriod) =>
  request<ReportSummary>(`/api/reports/summary?${query(period)}`, { auth: true });

/**
 * Downloads a CSV of the period: fetched with the token (a plain link cannot send it), then handed to the browser
 * as a file under the server's name.
 */
export async function downloadCsv(kind: ReportExport, period: ReportPeriod): Promise<void> {
  const response = await fetchWithToken(`/api/reports/${kind}.csv?${query(period)}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = exportFilename(kind, period);
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
