// A visitor's contact message reaches an open dashboard live, opening it marks it read, the reply link
// writes to the sender, and the business inbox gets the message by e-mail (through the run's SMTP server).
import AxeBuilder from "@axe-core/playwright";
import type { ContactMessage } from "../api/contracts/contact/contact.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./support/api.ts";
import { uniqueEmail, uniqueName } from "./support/data.ts";
import { openDashboard, sectionLink } from "./support/dashboard.ts";
import { waitForMail } from "./support/mail.ts";
import { field } from "./support/pages.ts";

test("a contact message is announced live on the Messages screen, opens as read and can be answered by e-mail", async ({
  page,
  request,
  openContext,
}) => {
  // Two browsers, two axe runs and an SMTP round trip: the heaviest kind of test on a busy two-core machine.
  test.slow();
  const admin = await openContext();
  const session = await signIn(admin.context, request);
  await openDashboard(admin.page, "/dashboard/messages");
  const tab = sectionLink(admin.page, "Messages");

  const name = `Casey ${uniqueName("Msg")}`;
  const email = uniqueEmail("message");
  const text = "Our dryer takes two cycles to dry a load. Could you come next week, in the morning?";
  await page.goto("/contact");
  await field(page, "Full Name").fill(name);
  await field(page, "Email Address").fill(email);
  await field(page, "Phone Number").fill("(704) 555-0177");
  await field(page, "Service").selectOption({ label: "Air Duct Cleaning" });
  await field(page, "Message").fill(text);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent successfully!" })).toBeVisible();

  // Live: announced above the list (it does not jump in under the reader's finger), shown on request, unread,
  // and counted beside Messages in the navigation.
  await admin.page.getByRole("button", { name: /^\d+ new — show$/ }).click();
  const messages = admin.page.getByRole("list", { name: "Contact messages" }).getByRole("listitem");
  const item = messages.filter({ hasText: name });
  await expect(item).toContainText(`${name} (unread)`);
  await expect(item).toContainText(`${email} · Air Duct Cleaning`);
  await expect(item).toContainText("Our dryer takes two cycles");
  // Other tests send messages in parallel, so the exact count is theirs too.
  await expect(tab).toHaveAccessibleName(/^Messages \d+ unread$/);

  // a11y.spec.ts checks the other areas; this one is checked here, list and opened message.
  const axe = () => new AxeBuilder({ page: admin.page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const serious = async () =>
    (await axe().analyze()).violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => v.id);
  expect(await serious()).toEqual([]);

  // Opening it marks it read, on the server too.
  await item.getByRole("button").click();
  const dialog = admin.page.getByRole("dialog", { name: `Message from ${name}` });
  await expect(dialog).toContainText(text);
  const reply = dialog.getByRole("link", { name: "Reply by e-mail" });
  await expect(reply).toHaveAttribute("href", new RegExp(`^mailto:${email.replace(/[.+]/g, "\\$&")}\\?subject=Re%3A`));
  await expect(dialog.getByRole("button", { name: "Mark as unread" })).toBeVisible();
  expect(await serious()).toEqual([]);
  await dialog.getByRole("button", { name: "Close dialog" }).click();
  await expect(item).not.toContainText("(unread)");
  await expect
    .poll(async () => {
      const response = await request.get(`/api/contact?q=${encodeURIComponent(email)}`, {
        headers: { Authorization: `Bearer ${session.token}` },
      });
      return ((await response.json()) as { data: ContactMessage[] }).data.find((m) => m.email === email)?.read;
    })
    .toBe(true);

  // The business inbox got it by e-mail, replying to the visitor.
  const mail = await waitForMail("hello@clearflowclean.com", new RegExp(`^Contact message from ${name}$`));
  expect(mail.text).toContain(text);
  expect(mail.replyTo?.value[0]?.address).toBe(email);
});
