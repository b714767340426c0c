import { ConfigError } from '../server/config/config.js';
import { scheduleWeeklyMail } from '../server/weekly-cron.js';
import { createLogger } from '../server/lib/logger.js';
import { testConfig } from './helpers/app.js';

describe('WEEKLY_EMAIL_CRON', () => {
  it('accepts a valid expression and rejects an invalid one with a Spanish message', () => {
    expect(testConfig({ WEEKLY_EMAIL_CRON: '0 10 * * 1' }).weeklyEmailCron).toBe('0 10 * * 1');
    expect(() => testConfig({ WEEKLY_EMAIL_CRON: 'cada lunes' })).toThrow(ConfigError);
    expect(() => testConfig({ WEEKLY_EMAIL_CRON: '61 10 * * 1' })).toThrow(/cron válida/);
  });

  it('schedules nothing when unset, and the Madrid-time task when set', async () => {
    const log = createLogger('silent');
    const trigger = () => Promise.resolve({ started: false });
    expect(scheduleWeeklyMail(undefined, trigger, log)).toBeUndefined();
    const task = scheduleWeeklyMail('0 10 * * 1', trigger, log)!;
    try {
      const next = task.getNextRun()!;
      const madrid = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Madrid',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(next);
      expect(madrid).toBe('Mon 10:00');
    } finally {
      await task.destroy();
    }
  });
});
