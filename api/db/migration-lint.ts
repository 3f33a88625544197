import type { Migration } from "./migrate.ts";

/**
 * What breaks the release still running during a rolling upgrade: a table, view or column it reads goes away or
 * changes its name. Index and constraint names are not read by the code, so renaming them is not listed.
 */
const BREAKING: { what: string; pattern: RegExp }[] = [
  { what: "drops a table", pattern: /\bdrop\s+table\b/i },
  { what: "drops a view", pattern: /\bdrop\s+(?:materialized\s+)?view\b/i },
  {
    what: "drops a column",
    pattern:
      /\bdrop\s+(?:column\b|(?!constraint|default|not\b|index|trigger|view|table|function|type|policy|identity|expression)\w+\s*(?:,|;|cascade|restrict))/i,
  },
  { what: "renames a column", pattern: /\brename\s+(?:column\s+)?(?!to\b|constraint\b)\w+\s+to\b/i },
  { what: "renames a table", pattern: /\balter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?[\w."]+\s+rename\s+to\b/i },
];

/**
 * The header that lets a contract step through: `-- contract: <what goes> unused since release <version>`, in the
 * comment lines at the top of the file, naming the release that stopped using the old name (it must be the one
 * deployed everywhere before this migration runs).
 */
const CONTRACT_HEADER = /^--\s*contract:.*\bunused since release\s+v?\d+(?:\.\d+)*\b/im;

/** Migrations written before the rule, kept as they ran: 013 renamed mail_outbox and left a view by the old name. */
export const BEFORE_THE_RULE = new Set([13]);

const withoutComments = (sql: string) => sql.replace(/--[^\n]*/g, " ").replace(/\/\*[\s\S]*?\*\//g, " ");
const headerOf = (sql: string) => /^(?:\s*--[^\n]*\n)*/.exec(sql)?.[0] ?? "";

/** What is wrong with a migration under expand-then-contract: each problem named with its file. */
export function lintMigration(migration: Migration): string[] {
  if (BEFORE_THE_RULE.has(migration.version)) return [];
  const code = withoutComments(migration.sql);
  const breaking = BREAKING.filter(({ pattern }) => pattern.test(code)).map(({ what }) => what);
  if (breaking.length === 0 || CONTRACT_HEADER.test(headerOf(migration.sql))) return [];
  const file = `${String(migration.version).padStart(3, "0")}_${migration.name}.sql`;
  return [
    `${file} ${breaking.join(" and ")}: the release running during the upgrade still uses it. Expand first (add ` +
      `the new, keep the old), then contract in a later release with a header line ` +
      `"-- contract: <what goes> unused since release <version>" naming the release that stopped using it.`,
  ];
}
