// The back office's answer types are written beside their services; these assertions keep them
// equal to the schemas /api/openapi.json publishes (a difference fails the typecheck).
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type * as s from '#domain/api-schemas-staff.ts';
import type { DashboardJson } from '#domain/dashboard.ts';
import type { MarkPaidResult, StaffOrderRow } from '#server/services/orders/orders.ts';
import type { AuditRowJson } from '#server/services/staff/audit.ts';
import type { SignInChallenge, StaffMember } from '#server/services/staff/staff.ts';

describe('answer types written beside their services', () => {
  it('equal the answer schemas', () => {
    expectTypeOf<z.infer<typeof s.dashboardSchema>>().toEqualTypeOf<DashboardJson>();
    expectTypeOf<z.infer<typeof s.staffOrderRowSchema>>().toEqualTypeOf<StaffOrderRow>();
    expectTypeOf<z.infer<typeof s.markPaidResultSchema>>().toEqualTypeOf<MarkPaidResult>();
    expectTypeOf<z.infer<typeof s.auditRowSchema>>().toEqualTypeOf<AuditRowJson>();
    expectTypeOf<z.infer<typeof s.staffMemberSchema>>().toEqualTypeOf<StaffMember>();
    expectTypeOf<z.infer<typeof s.staffChallengeSchema>>().toEqualTypeOf<SignInChallenge>();
  });
});
