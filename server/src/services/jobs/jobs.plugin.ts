import { globalPlugin } from '../../lib/global-plugin';
import { dailyReportJob, smtpMailer, type DailyReportDeps } from '../reports/daily-report';
import { JobScheduler } from './scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job scheduler (docs/jobs.md) and what the daily report sends with (docs/daily-report.md). */
    jobs: { scheduler: JobScheduler; dailyReport: DailyReportDeps };
  }
}

/**
 * Starts the job scheduler with the app (docs/jobs.md): every process looks for due slots once a
 * minute, and each slot runs in one of them. Its jobs: the daily report email at 08:00 Asia/Seoul.
 */
export const jobsPlugin = globalPlugin('jobs', async (app) => {
  const dailyReport: DailyReportDeps = { db: app.db, mailer: smtpMailer(app.config.smtpUrl), from: app.config.mailFrom, log: app.log };
  const scheduler = new JobScheduler(app.db, [dailyReportJob(dailyReport)], {
    onError: (error, job) => app.log.error({ err: error, job }, 'scheduled job failed'),
  });
  scheduler.start();
  app.decorate('jobs', { scheduler, dailyReport });
  app.addHook('onClose', async () => {
    await scheduler.stop();
  });
});
