import { and, count, eq, gte, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import nodemailer from 'nodemailer';
import type { DailyReportFigures, DailyReportOutcome } from '../../../../src/api/contracts/admin-server.contract';
import { companyScope, type CompanyScope } from '../../db/company-scope';
import type { Database } from '../../db/client';
import { callbacks, companies } from '../../db/schema';
import { callLogStatistics } from '../queues/statistics';
import { seoulDay, seoulMoment, type ScheduledJob, dailySeoulSlot } from '../jobs/scheduler';

/**
 * The daily report email (issue 20 item 7, docs/daily-report.md): at 08:00 Asia/Seoul each company with
 * a recipient (`daily_report_email`, cc `daily_report_cc`) gets yesterday's (Seoul day) figures. Calls
 * are counted as `statistics/calls` counts them (callLogStatistics: offered is every call, answered
 * those anyone answered, abandoned inbound calls nobody answered), callbacks from the callback list.
 */

export const DAILY_REPORT_JOB = 'daily-report';
const DAY_MS = 86_400_000;

export interface Mailer {
  send(message: { from: string; to: string[]; cc: string[]; subject: string; text: string; html: string }): Promise<void>;
}

/** A mail client for SMTP_URL (nodemailer), or null when none is configured. */
export function smtpMailer(smtpUrl: string | null): Mailer | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (message) => {
      await transport.sendMail(message);
    },
  };
}

/** Addresses of a recipient field: separated by commas, semicolons or spaces. */
export function addressesOf(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => address.includes('@'));
}

const sumOf = (rows: { offered: number; answered: number; abandoned: number }[]) =>
  rows.reduce((total, row) => ({ offered: total.offered + row.offered, answered: total.answered + row.answered, abandoned: total.abandoned + row.abandoned }), { offered: 0, answered: 0, abandoned: 0 });

/** One company's figures of a Seoul day (YYYY-MM-DD). */
export async function dailyFigures(scope: CompanyScope, day: string): Promise<DailyReportFigures> {
  const fromMs = seoulMoment(day, 0);
  const from = new Date(fromMs).toISOString();
  const to = new Date(fromMs + DAY_MS).toISOString();
  const body = { from, to, bucket: 'day' as const };
  const all = sumOf(await callLogStatistics(scope, body));
  const inbound = sumOf(await callLogStatistics(scope, { ...body, direction: 'inbound' }));
  const outbound = sumOf(await callLogStatistics(scope, { ...body, direction: 'outbound' }));
  const within = (column: AnyPgColumn) => [gte(column, new Date(fromMs)), lt(column, new Date(fromMs + DAY_MS))];
  const [requested] = await scope.db
    .select({ n: count() })
    .from(callbacks)
    .where(scope.where(callbacks, ...within(callbacks.createdAt)));
  const [done] = await scope.db
    .select({ n: count() })
    .from(callbacks)
    .where(scope.where(callbacks, eq(callbacks.status, 'done'), ...within(callbacks.closedAt)));
  return {
    day,
    calls_total: all.offered,
    inbound_total: inbound.offered,
    inbound_answered: inbound.answered,
    abandoned: inbound.abandoned,
    outbound: outbound.offered,
    callbacks_requested: Number(requested?.n ?? 0),
    callbacks_done: Number(done?.n ?? 0),
  };
}

const ROWS: [keyof DailyReportFigures, string, string][] = [
  ['calls_total', '전체 통화', 'Calls'],
  ['inbound_total', '수신 통화', 'Inbound calls'],
  ['inbound_answered', '수신 응답', 'Inbound answered'],
  ['abandoned', '포기 호', 'Abandoned'],
  ['outbound', '발신 통화', 'Outbound calls'],
  ['callbacks_requested', '콜백 요청', 'Callbacks requested'],
  ['callbacks_done', '콜백 완료', 'Callbacks done'],
];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail: Korean then English, plain text and a simple HTML table. */
export function dailyReportMail(companyName: string, figures: DailyReportFigures): { subject: string; text: string; html: string } {
  const subject = `[${companyName}] 일일 통화 보고 / Daily call report ${figures.day}`;
  const text = [
    `${companyName} — ${figures.day} (Asia/Seoul)`,
    '',
    ...ROWS.map(([key, kr, en]) => `${kr} / ${en}: ${figures[key]}`),
  ].join('\n');
  const html = [
    `<p><strong>${escapeHtml(companyName)}</strong> — ${figures.day} (Asia/Seoul)</p>`,
    '<table border="1" cellpadding="6" cellspacing="0" style="border-collapse:collapse">',
    '<thead><tr><th>항목</th><th>Item</th><th>건수 / Count</th></tr></thead><tbody>',
    ...ROWS.map(([key, kr, en]) => `<tr><td>${kr}</td><td>${en}</td><td style="text-align:right">${figures[key]}</td></tr>`),
    '</tbody></table>',
  ].join('\n');
  return { subject, text, html };
}

/** What `admin/daily-report/send` answers (its contract's type). */
export type DailyReportResult = DailyReportOutcome;

/** What a report needs of its company. */
const reportColumns = { id: companies.id, name: companies.name, dailyReportEmail: companies.dailyReportEmail, dailyReportCc: companies.dailyReportCc };
type ReportCompany = { id: number; name: string; dailyReportEmail: string | null; dailyReportCc: string | null };

/** Sends one company's report of `day`; without a recipient or a mail client it sends nothing and says why. */
export async function sendCompanyReport(db: Database, mailer: Mailer | null, from: string, company: ReportCompany, day: string): Promise<DailyReportResult> {
  const figures = await dailyFigures(companyScope(db, company.id), day);
  const to = addressesOf(company.dailyReportEmail);
  const cc = addressesOf(company.dailyReportCc);
  if (to.length === 0) return { sent: false, recipients: [], figures, reason: 'no_recipient' };
  if (!mailer) return { sent: false, recipients: [...to, ...cc], figures, reason: 'smtp_not_configured' };
  await mailer.send({ from, to, cc, ...dailyReportMail(company.name, figures) });
  return { sent: true, recipients: [...to, ...cc], figures };
}

/** The company, if it exists and is not deleted. */
export async function reportCompany(db: Database, companyId: number): Promise<ReportCompany | undefined> {
  const [row] = await db
    .select(reportColumns)
    .from(companies)
    .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
  return row;
}

export interface DailyReportDeps {
  db: Database;
  mailer: Mailer | null;
  from: string;
  log: { info: (object: object, message: string) => void; error: (object: object, message: string) => void };
}

/**
 * Every company with a recipient gets its report of `day`; one company's failure does not stop the
 * others, and the run fails (with every failure in its error) after all were tried.
 */
export async function sendDailyReports(deps: DailyReportDeps, day: string): Promise<number> {
  if (!deps.mailer) {
    deps.log.info({ day }, 'daily report skipped: SMTP_URL is not set');
    return 0;
  }
  const rows = await deps.db
    .select(reportColumns)
    .from(companies)
    .where(and(isNull(companies.deletedAt), isNotNull(companies.dailyReportEmail), ne(companies.dailyReportEmail, '')));
  const failures: string[] = [];
  let sent = 0;
  for (const company of rows) {
    try {
      if ((await sendCompanyReport(deps.db, deps.mailer, deps.from, company, day)).sent) sent += 1;
    } catch (error) {
      deps.log.error({ err: error, companyId: company.id }, 'daily report failed');
      failures.push(`${company.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failures.length > 0) throw new Error(`daily report failed for ${failures.join('; ')}`);
  return sent;
}

/** The scheduled job: at 08:00 Asia/Seoul, the day before the slot's day. */
export function dailyReportJob(deps: DailyReportDeps): ScheduledJob {
  return {
    name: DAILY_REPORT_JOB,
    dueSlot: dailySeoulSlot(8),
    run: async (slot) => {
      await sendDailyReports(deps, seoulDay(slot.getTime(), -1));
    },
  };
}
