import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { callbacks, calls, companies, scheduledJobRuns } from '../../src/db/schema';
import { JobScheduler, seoulDay, seoulMoment } from '../../src/services/jobs/scheduler';
import net from 'node:net';
import { DAILY_REPORT_JOB, dailyReportJob, smtpMailer } from '../../src/services/reports/daily-report';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';

/**
 * The daily report email end to end (issue 20 item 7, docs/daily-report.md): calls and callbacks seeded
 * on a Seoul day, the 08:00 job sends the figures through a real SMTP server on 127.0.0.1 (smtp-server)
 * to the company's recipient and cc; a company without a recipient gets nothing; the admin's
 * `admin/daily-report/send` sends now.
 */

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

const mails: Mail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      done();
    });
  },
});

/** The decoded body of the message's `text/plain` or `text/html` part (quoted-printable, base64 or 7bit). */
function partOf(raw: string, type: 'text/plain' | 'text/html'): string {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    const headers = part.slice(0, split);
    if (!new RegExp(`content-type:\\s*${type}`, 'i').test(headers)) continue;
    const body = part.slice(split).replace(/^\r?\n\r?\n/, '').replace(/\r?\n--[\s\S]*$/, '');
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      const joined = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < joined.length; i++) {
        if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
          bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
          i += 2;
        } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
      }
      return Buffer.from(bytes).toString('utf8');
    }
    return body;
  }
  throw new Error(`no ${type} part in:\n${raw.slice(0, 2000)}`);
}

let t: TestApp;
let call: Caller;
let demoId: number;
let acmeId: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'reports@callcentre.test' } });
  // The app's own scheduler would send the real yesterday's report at its first look: this test drives the job itself.
  await t.app.jobs.scheduler.stop();
  call = await signedInCaller(t.app);
  const rows = await t.db.select({ id: companies.id, name: companies.name }).from(companies);
  demoId = rows.find((r) => r.name === 'Demo Call Centre')!.id;
  acmeId = rows.find((r) => r.name === 'Acme Support')!.id;
  await t.db.update(companies).set({ dailyReportEmail: 'boss@demo.test', dailyReportCc: 'ops@demo.test, night@demo.test' }).where(eq(companies.id, demoId));
  await t.db.update(companies).set({ dailyReportEmail: null, dailyReportCc: 'cc-only@acme.test' }).where(eq(companies.id, acmeId));
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(() => {
  mails.length = 0;
});

/**
 * One Seoul day of a company: 3 inbound answered, 2 inbound nobody answered (abandoned, missed), 1
 * blocked (neither), 2 outbound, 1 internal, plus calls a second outside the day on either side; 2
 * callbacks requested that day (one done that day), 1 requested the day before and done that day.
 */
async function seedDay(companyId: number, day: string): Promise<void> {
  const start = seoulMoment(day, 0);
  const at = (hours: number) => new Date(start + hours * 3_600_000);
  const row = (direction: 'inbound' | 'outbound' | 'internal', startedAt: Date, disposition: string, answered: boolean) => ({
    companyId,
    uniqueid: randomUUID(),
    direction,
    callerNumber: '0215550000',
    calleeNumber: '1001',
    startedAt,
    answeredAt: answered ? new Date(startedAt.getTime() + 10_000) : null,
    endedAt: new Date(startedAt.getTime() + 60_000),
    talkSeconds: answered ? 50 : null,
    disposition: disposition as 'answered',
  });
  await t.db.insert(calls).values([
    row('inbound', at(0), 'answered', true),
    row('inbound', at(9), 'answered', true),
    row('inbound', at(23.9), 'answered', true),
    row('inbound', at(10), 'abandoned', false),
    row('inbound', at(11), 'missed', false),
    row('inbound', at(12), 'blocked', false),
    row('outbound', at(13), 'answered', true),
    row('outbound', at(14), 'missed', false),
    row('internal', at(15), 'answered', true),
    row('inbound', new Date(start - 1_000), 'abandoned', false),
    row('inbound', new Date(start + 86_400_000), 'answered', true),
  ]);
  const number = () => `010${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const callback = (createdAt: Date, done: Date | null) => ({
    companyId,
    phoneNumber: number(),
    source: 'manual' as const,
    status: done ? ('done' as const) : ('open' as const),
    lastCallAt: createdAt,
    createdAt,
    closedAt: done,
  });
  await t.db.insert(callbacks).values([callback(at(9), null), callback(at(10), at(16)), callback(at(-5), at(8)), callback(at(25), null)]);
}

const FIGURES = { calls_total: 9, inbound_total: 6, inbound_answered: 3, abandoned: 2, outbound: 2, callbacks_requested: 2, callbacks_done: 2 };

describe('daily report', () => {
  it("at 08:00 Seoul sends yesterday's figures to the recipient and cc, once across two processes; none without a recipient", async () => {
    await seedDay(demoId, '2026-04-09');
    await seedDay(acmeId, '2026-04-09');
    const now = () => seoulMoment('2026-04-10', 8, 1);
    const job = () => dailyReportJob(t.app.jobs.dailyReport);
    const a = new JobScheduler(t.db, [job()], { now, processId: 'a' });
    const b = new JobScheduler(t.db, [job()], { now, processId: 'b' });
    const runs = (await Promise.all([a.tick(), b.tick()])).flat();
    expect(runs).toEqual([{ job: DAILY_REPORT_JOB, slot: new Date(seoulMoment('2026-04-10', 8)), error: null }]);

    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.from).toBe('reports@callcentre.test');
    expect(mail!.to.sort()).toEqual(['boss@demo.test', 'night@demo.test', 'ops@demo.test']);
    expect(mail!.raw).toMatch(/^Cc: ops@demo\.test, night@demo\.test/m);
    const text = partOf(mail!.raw, 'text/plain');
    expect(text).toContain('Demo Call Centre — 2026-04-09 (Asia/Seoul)');
    expect(text).toContain('전체 통화 / Calls: 9');
    expect(text).toContain('수신 통화 / Inbound calls: 6');
    expect(text).toContain('수신 응답 / Inbound answered: 3');
    expect(text).toContain('포기 호 / Abandoned: 2');
    expect(text).toContain('발신 통화 / Outbound calls: 2');
    expect(text).toContain('콜백 요청 / Callbacks requested: 2');
    expect(text).toContain('콜백 완료 / Callbacks done: 2');
    const html = partOf(mail!.raw, 'text/html');
    expect(html).toContain('<td>Inbound answered</td><td style="text-align:right">3</td>');

    // Later the same day, another look: the slot was run.
    expect(await a.tick()).toEqual([]);
    expect(mails).toHaveLength(1);
    const [claim] = await t.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.jobName, DAILY_REPORT_JOB));
    expect(claim).toMatchObject({ error: null });
  });

  it('without SMTP_URL the job logs and sends nothing', async () => {
    const logged: string[] = [];
    const deps = { ...t.app.jobs.dailyReport, mailer: null, log: { info: (_: object, message: string) => logged.push(message), error: () => undefined } };
    const scheduler = new JobScheduler(t.db, [dailyReportJob(deps)], { now: () => seoulMoment('2026-05-02', 9) });
    expect((await scheduler.tick()).map((run) => run.error)).toEqual([null]);
    expect(logged).toEqual(['daily report skipped: SMTP_URL is not set']);
    expect(mails).toHaveLength(0);
  });

  it('the admin sends a company’s report of yesterday now; a company without a recipient is told so', async () => {
    const yesterday = seoulDay(Date.now(), -1);
    await seedDay(demoId, yesterday);
    const sent = await call('admin', '/admin/daily-report/send', { company_id: demoId });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(dataOf(sent)).toEqual({ sent: true, recipients: ['boss@demo.test', 'ops@demo.test', 'night@demo.test'], figures: { day: yesterday, ...FIGURES } });
    expect(mails).toHaveLength(1);
    expect(partOf(mails[0]!.raw, 'text/plain')).toContain(`Demo Call Centre — ${yesterday}`);

    const none = await call('admin', '/admin/daily-report/send', { company_id: acmeId });
    expect(none.statusCode, none.body).toBe(200);
    expect(dataOf(none)).toMatchObject({ sent: false, reason: 'no_recipient', recipients: [] });
    expect(mails).toHaveLength(1);

    expect((await call('admin', '/admin/daily-report/send', { company_id: 999_999 })).statusCode).toBe(404);
    expect((await call('admin', '/admin/daily-report/send', {})).statusCode).toBe(422);
    expect((await call('manager', '/admin/daily-report/send', { company_id: demoId })).statusCode).toBe(403);
  });

  it('a mail server that cannot be reached is a 502 with a message, and the job records the failure', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const deps = t.app.jobs.dailyReport;
    const working = deps.mailer;
    deps.mailer = smtpMailer(`smtp://127.0.0.1:${port}`);
    try {
      const refused = await call('admin', '/admin/daily-report/send', { company_id: demoId });
      expect(refused.statusCode, refused.body).toBe(502);
      expect(refused.json()).toEqual({ error: true, message: expect.stringContaining('SMTP_URL') });
      const errors: string[] = [];
      const quiet = { ...deps, log: { info: () => undefined, error: (_: object, message: string) => errors.push(message) } };
      const runs = await new JobScheduler(t.db, [dailyReportJob(quiet)], { now: () => seoulMoment('2026-06-02', 8) }).tick();
      expect(runs).toEqual([{ job: DAILY_REPORT_JOB, slot: new Date(seoulMoment('2026-06-02', 8)), error: expect.stringMatching(/^daily report failed for \d+: /) }]);
      expect(errors).toEqual(['daily report failed']);
    } finally {
      deps.mailer = working;
    }
    expect(mails).toHaveLength(0);
  });
});
