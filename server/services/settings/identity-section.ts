import {
  bankSettingsSchema,
  identitySettingsSchema,
  type BankSettingsValue,
  type IdentitySettingsValue,
} from '#domain/api-schemas-settings-identity.ts';
import { storedSection } from './stored-section.ts';

/** The shop's names, office, numbers, contact details, hours and social links. */
export const identitySection = storedSection<IdentitySettingsValue>(
  'identity',
  identitySettingsSchema,
);

/** Where bank transfers are paid, and the days an unpaid order waits. */
export const bankSection = storedSection<BankSettingsValue>('bank', bankSettingsSchema);
