import { exportFilename, type ReportExport, type ReportPeriod, type ReportSummary } from "@contracts/reports.ts";
import { apiErrorOf, NetworkError, readBody, request } from "../../lib/http.ts";
import { getToken } from "../../lib/session.ts";

const query = ({ from, to }: ReportPeriod) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

export const fetchSummary = (period: ReportPeriod) =>
  request<ReportSummary>(`/api/reports/summary?${query(period)}`, { auth: true });

/**
 * Downloads a CSV of the period: fetched with the token (a plain link cannot send it), then handed to the browser
 * as a file under the server's name.
 */
export async function downloadCsv(kind: ReportExport, period: ReportPeriod): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/api/reports/${kind}.csv?${query(period)}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) throw apiErrorOf(response, await readBody(response));
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
