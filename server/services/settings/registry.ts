import { deliverySection } from './delivery-section.ts';
import { bankSection, identitySection } from './identity-section.ts';
import { limitsSection } from './limits-section.ts';
import { returnsSection, samplesSection, vatSection } from './rules-sections.ts';
import type { SettingsSection } from './section.ts';

/** Every section of the owner's settings, in the order the settings screen shows them. */
export const SETTINGS_SECTIONS: readonly SettingsSection<unknown>[] = [
  identitySection,
  bankSection,
  vatSection,
  deliverySection,
  samplesSection,
  returnsSection,
  limitsSection,
];
