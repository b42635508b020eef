import type { ComponentType } from 'react';
import type { SettingsFormProps } from './SectionForm.tsx';
import { IdentitySettingsForm } from './IdentitySettingsForm.tsx';
import { BankSettingsForm } from './BankSettingsForm.tsx';
import { LimitsSettingsForm } from './LimitsSettingsForm.tsx';
import { ReturnSettingsForm } from './ReturnSettingsForm.tsx';
import { SampleSettingsForm } from './SampleSettingsForm.tsx';
import { VatSettingsForm } from './VatSettingsForm.tsx';

/**
 * One tab of the settings screen (/admin/settings): a section of GET /api/admin/settings under
 * `key`, edited by `Form`; or a screen of its own at `to`. A new section is one line here (and
 * one in server/services/settings/registry.ts); a section the server does not answer is not shown.
 */
export type SettingsTab =
  | { key: string; label: string; Form: ComponentType<SettingsFormProps> }
  | { key: string; label: string; to: string };

/** The settings screen's tabs, in order. */
export const SETTINGS_TABS: readonly SettingsTab[] = [
  { key: 'identity', label: 'Shop identity', Form: IdentitySettingsForm },
  { key: 'bank', label: 'Bank and payment', Form: BankSettingsForm },
  { key: 'vat', label: 'VAT', Form: VatSettingsForm },
  { key: 'delivery', label: 'Delivery', to: '/admin/settings/delivery' },
  { key: 'samples', label: 'Samples', Form: SampleSettingsForm },
  { key: 'returns', label: 'Returns', Form: ReturnSettingsForm },
  { key: 'limits', label: 'Limits', Form: LimitsSettingsForm },
];
