// The run's SMTP inbox (filled by e2e/server.mjs): wait for a message, read its parts and its calendar file.
import { expect } from "@playwright/test";
import ICAL from "ical.js";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

const inboxDir = () => {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error("E2E_MAIL_DIR is not set: run the specs through e2e/playwright.config.ts");
  return dir;
};

/** Every message is parsed once per worker; files never change after they appear (server.mjs renames them in). */
const parsed = new Map<string, Promise<ParsedMail>>();

function recipients(mail: ParsedMail): string[] {
  const lists: AddressObject[] = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return lists.flatMap((list) => list.value.map((a) => (a.address ?? "").toLowerCase()));
}

async function inbox(): Promise<ParsedMail[]> {
  const files = (await readdir(inboxDir())).filter((f) => f.endsWith(".eml")).sort();
  return Promise.all(
    files.map((file) => {
      let mail = parsed.get(file);
      if (!mail) {
        mail = readFile(join(inboxDir(), file)).then((raw) => simpleParser(raw));
        parsed.set(file, mail);
      }
      return mail;
    }),
  );
}

/** All messages received so far to `to` whose subject matches, oldest first. */
export async function mailsTo(to: string, subject: RegExp): Promise<ParsedMail[]> {
  return (await inbox()).filter((m) => recipients(m).includes(to.toLowerCase()) && subject.test(m.subject ?? ""));
}

/** Waits for the first message to `to` whose subject matches (the worker polls every 200 ms in the e2e run). */
export async function waitForMail(to: string, subject: RegExp, timeout = 20_000): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to, subject))[0];
        return found ? "arrived" : "not yet";
      },
      { message: `an e-mail to ${to} with a subject like ${subject}`, timeout, intervals: [250] },
    )
    .toBe("arrived");
  return found!;
}

export interface CalendarFile {
  method: string;
  status: string;
  uid: string;
  summary: string;
  location: string;
  /** DTSTART as written, e.g. "2026-03-10T09:00:00", with its TZID. */
  start: string;
  tzid: string;
}

/** The message's text/calendar part, parsed with ical.js. */
export function calendarOf(mail: ParsedMail): CalendarFile {
  const attachment = mail.attachments.find((a) => a.contentType.startsWith("text/calendar"));
  expect(attachment, "a text/calendar attachment").toBeTruthy();
  const calendar = new ICAL.Component(ICAL.parse(attachment!.content.toString("utf8")));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  const event = new ICAL.Event(vevent);
  const dtstart = vevent.getFirstProperty("dtstart")!;
  return {
    method: String(calendar.getFirstPropertyValue("method") ?? ""),
    status: String(vevent.getFirstPropertyValue("status") ?? ""),
    uid: event.uid,
    summary: event.summary,
    location: event.location,
    start: event.startDate.toString(),
    tzid: String(dtstart.getParameter("tzid") ?? ""),
  };
}

/** The manage link in the message's text part. */
export function manageLinkOf(mail: ParsedMail): string {
  const link = /https?:\/\/\S+\/booking\/manage\/[^\s"'<>)]+/.exec(mail.text ?? "")?.[0];
  expect(link, "a manage link in the text part").toBeTruthy();
  return link!;
}
