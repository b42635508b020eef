import type { Database } from '#db/client.ts';
import type { Config } from '../../config.ts';
import { audit, type AuditActor } from '../staff/audit.ts';
import { claimResourceVersion, resourceVersion } from '../staff-write.ts';
import { SETTINGS_SECTIONS } from './registry.ts';
import type { SettingsContext, SettingsSection } from './section.ts';

/** A section as the settings screen loads it: its value and the version a save is made from. */
export interface SectionAnswer {
  version: number;
  value: unknown;
}

/** A section in a save: the value, and the version its editor loaded (omitted: not checked). */
export interface SectionSave {
  version?: number | undefined;
  value: unknown;
}

/** The context every section is read and saved in, from the instance's configuration. */
export const settingsContext = (config: Pick<Config, 'holdingLimits' | 'rateLimits'>) => ({
  ceilings: { holding: config.holdingLimits, rates: config.rateLimits },
});

const resourceOf = (section: SettingsSection<unknown>) => `settings:${section.key}` as const;

/** Every registered section, keyed as `GET /api/admin/settings` answers them. */
export async function readSettings(
  db: Database,
  context: SettingsContext,
): Promise<Record<string, SectionAnswer>> {
  const entries = await Promise.all(
    SETTINGS_SECTIONS.map(async (section) => {
      const [version, value] = await Promise.all([
        resourceVersion(db, resourceOf(section)),
        section.read(db, context),
      ]);
      return [section.key, { version, value }] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * Saves the sections given, all or none: each is version-checked on its own counter (so two
 * people editing different sections never clash) and audited with its before and after.
 */
export async function saveSettings(
  db: Database,
  who: AuditActor,
  sections: Record<string, SectionSave | undefined>,
  context: SettingsContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const section of SETTINGS_SECTIONS) {
      const save = sections[section.key];
      if (!save) continue;
      const resource = resourceOf(section);
      const version = await claimResourceVersion(tx, resource, save.version);
      const before = await section.read(tx, context);
      await section.write(tx, save.value, context);
      await audit(tx, who, {
        action: 'settings.update',
        entity: resource,
        entityId: resource,
        before,
        after: { ...(save.value as object), version },
      });
    }
  });
}
