import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { expect, test } from './support/test';
import { signInAsAdmin } from './support/admin';
import { shootLooks } from './support/looks';

/*
 * The admin dashboard's backup card. The browser-test server runs without BACKUP_DIR, so the
 * schedule is off; the last results are written straight into its database (set-up only: a
 * real backup and a real failure are the API tests' job, server/ops/backup/schedule.test.ts).
 */

function setBackupResults(values: { lastSuccessAt: string; lastSuccessFile: string; lastSuccessBytes: number; lastFailureAt: string; lastFailureReason: string }) {
  const dataDir = process.env.DRABBLE_E2E_DATA_DIR;
  if (!dataDir) throw new Error('DRABBLE_E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
  const db = new SqliteDatabase(path.join(dataDir, 'drabble.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `update "backupSchedule" set "lastSuccessAt" = ?, "lastSuccessFile" = ?, "lastSuccessBytes" = ?, "lastSuccessMs" = 2400, "lastFailureAt" = ?, "lastFailureReason" = ? where id = 1`,
    ).run(values.lastSuccessAt, values.lastSuccessFile, values.lastSuccessBytes, values.lastFailureAt, values.lastFailureReason);
  } finally {
    db.close();
  }
}

test.use({ timezoneId: 'UTC' });

test('the dashboard shows whether backups are scheduled, the last good one, and a failure since', async ({ page }) => {
  setBackupResults({
    lastSuccessAt: '2030-01-01T02:00:03.000Z',
    lastSuccessFile: 'drabble-backup-20300101-020000.zip',
    lastSuccessBytes: 3_355_443,
    lastFailureAt: '2030-01-02T02:00:01.000Z',
    lastFailureReason: "ENOSPC: no space left on device, write '/srv/backups/.drabble-backup-20300102-020000.zip.1f2e3d4c.partial'",
  });
  await signInAsAdmin(page);
  await page.goto('/admin');
  const card = page.getByTestId('backup-status');
  await expect(card.getByRole('heading', { name: 'Backups', level: 2 })).toBeVisible();
  await expect(card.getByText(/^Scheduled backups are off\. Set BACKUP_DIR/)).toBeVisible();
  await expect(card.getByTestId('backup-last-success')).toHaveText('Jan 1, 2030, 2:00 AM · drabble-backup-20300101-020000.zip · 3.2 MB');
  const failure = card.getByRole('alert');
  await expect(failure).toContainText('Last backup failed Jan 2, 2030, 2:00 AM: ENOSPC: no space left on device');
  await shootLooks(page, 'test-results/backups', 'backup-card', { target: card, scroll: true, axe: true });
});
