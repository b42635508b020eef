import type { StaffRole } from '#domain/staff.ts';
import { apiFetch, type ApiRequest } from './api.ts';

export interface StaffMe {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

/** The back office's way to /api/admin: the staff cookie authenticates; a 401 never touches the shopper's state. */
export function adminFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  return apiFetch<T>(path, { ...request, signsOutShopper: false });
}

/** TanStack Query key of the signed-in staff member. */
export const STAFF_ME_KEY = ['admin', 'me'] as const;
