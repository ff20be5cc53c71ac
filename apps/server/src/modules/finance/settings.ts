import { financeSettingsSchema } from '@parking-hub/contracts/finance';
import { DEFAULT_FINANCE_SETTINGS, type FinanceSettings } from '@parking-hub/contracts/rent';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { audit } from '../audit/audit.service.ts';
import { readSetting, writeSetting } from '../outbox/settings.repository.ts';

/** The platform's finance settings (due day, default commission), one row of app_settings. */
export const FINANCE_SETTINGS_KEY = 'finance.settings';

/** The stored settings merged over the defaults (a field that no longer parses counts as unset). */
export async function readFinanceSettings(db: Executor): Promise<FinanceSettings> {
  const stored = await readSetting<Partial<FinanceSettings>>(db, FINANCE_SETTINGS_KEY);
  const merged = { ...DEFAULT_FINANCE_SETTINGS, ...(stored && typeof stored === 'object' ? stored : {}) };
  const parsed = financeSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_FINANCE_SETTINGS;
}

/** Save the settings (admins), audited 'finance.settings' in the same transaction. */
export async function saveFinanceSettings(
  db: Db,
  ctx: AuthedContext,
  settings: FinanceSettings,
): Promise<FinanceSettings> {
  return db.transaction(async (tx) => {
    const before = await readFinanceSettings(tx);
    await writeSetting(tx, FINANCE_SETTINGS_KEY, settings);
    await audit(tx, ctx, {
      action: 'finance.settings',
      entity: 'finance_settings',
      before,
      after: settings,
    });
    return settings;
  });
}
