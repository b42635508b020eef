// Booking a delivery or a collection for a day (issue 27): which days the shop can deliver on,
// the site-access questions a pallet lorry needs answered, and the driver's instructions. The
// days are UK working days (domain/working-days.ts) counted after the lead time, and for a bank
// transfer after the day payment is due: stone is not sent before it is paid for.
import { formatUtcDate } from './dates.ts';
import { BANK_HOLIDAYS_ENGLAND_WALES, workingDaysAfter } from './working-days.ts';

/** How many bookable days checkout lists: four working weeks. */
export const BOOKING_HORIZON_DAYS = 20;

/** Longest delivery instructions kept: what fits on the delivery note's box. */
export const DELIVERY_INSTRUCTIONS_MAX = 500;

export const FULFILMENTS = ['delivery', 'collection'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

/** The part of a booked day a slot covers: the whole day, or a timed morning or afternoon. */
export const DELIVERY_SLOTS = ['all_day', 'am', 'pm'] as const;
export type DeliverySlot = (typeof DELIVERY_SLOTS)[number];

export const DELIVERY_SLOT_LABELS: Readonly<Record<DeliverySlot, string>> = {
  all_day: '9am–5:30pm',
  am: 'Morning, 9am–1pm',
  pm: 'Afternoon, 12pm–5:30pm',
};

/** The slot each delivery option (priced in domain/delivery.ts) books; none for collection. */
export const SLOT_OF_OPTION = {
  standard: 'all_day',
  timed_am: 'am',
  timed_pm: 'pm',
  collection: null,
} as const satisfies Record<string, DeliverySlot | null>;

/**
 * The days a delivery or collection can be booked for, as 'YYYY-MM-DD' London dates: `horizon`
 * working days from the `leadDays`-th working day after the later of today and the day payment
 * is expected (null when it is taken now, by card). Weekends and `holidays` are never offered.
 *
 * Placed Wednesday 25 November 2026, 3 working days' lead:
 * deliveryDays({ today, leadDays: 3, paymentExpectedBy: null }) → ['2026-11-30', '2026-12-01', …]
 * by bank transfer due Wednesday 2 December → ['2026-12-07', '2026-12-08', …]
 */
export function deliveryDays(input: {
  today: Date;
  leadDays: number;
  paymentExpectedBy: Date | null;
  holidays?: readonly string[];
  horizon?: number;
}): string[] {
  const { today, paymentExpectedBy } = input;
  const from =
    paymentExpectedBy !== null && paymentExpectedBy.getTime() > today.getTime()
      ? paymentExpectedBy
      : today;
  const lead = Math.max(1, Math.trunc(input.leadDays));
  return workingDaysAfter(
    from,
    lead - 1,
    input.horizon ?? BOOKING_HORIZON_DAYS,
    input.holidays ?? BANK_HOLIDAYS_ENGLAND_WALES,
  );
}

export const SITE_ACCESS_IDS = [
  'vehicle_7_5t',
  'tail_lift',
  'gravel_drive',
  'kerbside',
  'crane',
] as const;
export type SiteAccessId = (typeof SITE_ACCESS_IDS)[number];

export interface SiteAccessQuestion {
  id: SiteAccessId;
  /** The checkbox's text at checkout. */
  label: string;
  /** What the driver and the depot read on the delivery note when it is ticked. */
  note: string;
  /** True when the depot must change the vehicle: the shop phones to confirm before the day. */
  changesVehicle: boolean;
}

/** The questions a pallet delivery asks, in the order checkout shows them. */
export const SITE_ACCESS_QUESTIONS: readonly SiteAccessQuestion[] = [
  {
    id: 'vehicle_7_5t',
    label: 'Only a small lorry (7.5 tonnes) can reach the address',
    note: '7.5 t vehicle only: no articulated lorry',
    changesVehicle: true,
  },
  {
    id: 'tail_lift',
    label: 'A tail-lift is needed: there is no forklift on site',
    note: 'Tail-lift needed',
    changesVehicle: false,
  },
  {
    id: 'gravel_drive',
    label: 'The drive is gravel or unmade',
    note: 'Gravel drive: a pallet truck cannot roll on it',
    changesVehicle: false,
  },
  {
    id: 'kerbside',
    label: 'Leaving the pallet at the kerb is fine',
    note: 'Kerbside is fine',
    changesVehicle: false,
  },
  {
    id: 'crane',
    label: 'A crane offload is needed (over a wall or onto a drive)',
    note: 'Crane offload (HIAB lorry)',
    changesVehicle: true,
  },
];

export const BOOKING_MESSAGES = {
  dayRequired: 'Please choose a delivery day',
  collectionDayRequired: 'Please choose a collection day',
  dayNotOffered: 'We cannot deliver on that day: please choose one of the days listed',
  collectionDayNotOffered:
    'Your order cannot be ready to collect that day: please choose one of the days listed',
  dayNotBooked: 'Parcels cannot be booked for a day: the estimate shows when they arrive',
  collectionNotOffered: 'Collection is not offered at the moment: please choose a delivery option',
  fulfilmentMismatch: 'Collection is booked with the "Collect from our yard" option',
  slotMismatch: 'The delivery slot must be the one of the delivery option chosen',
  siteAccessPalletOnly: 'Site access questions apply to pallet deliveries only',
  craneAndTailLift:
    'A crane lorry lifts the pallet off itself: please tick a tail-lift or a crane, not both',
  instructionsTooLong: `Delivery instructions can be up to ${DELIVERY_INSTRUCTIONS_MAX} characters`,
  phoneToConfirm:
    'We will phone you before the day to confirm the vehicle: a smaller or crane lorry may change the day we can deliver.',
} as const;

export type SiteAccess = Partial<Record<SiteAccessId, boolean>>;

/** The ticked answers, in the questions' order. */
export function tickedAccess(access: SiteAccess): SiteAccessQuestion[] {
  return SITE_ACCESS_QUESTIONS.filter((q) => access[q.id] === true);
}

/** Why a set of answers cannot be booked together, or null when it can. */
export function siteAccessConflict(access: SiteAccess): string | null {
  return access.crane === true && access.tail_lift === true
    ? BOOKING_MESSAGES.craneAndTailLift
    : null;
}

/**
 * What the answers change on the booking: the notes printed on the delivery note, and whether
 * the shop must phone to confirm the vehicle (a 7.5 t or crane lorry is booked separately).
 *
 * bookingNotes({ crane: true, kerbside: true })
 *   → { notes: ['Kerbside is fine', 'Crane offload (HIAB lorry)'], phoneToConfirm: true }
 */
export function bookingNotes(access: SiteAccess): { notes: string[]; phoneToConfirm: boolean } {
  const ticked = tickedAccess(access);
  return {
    notes: ticked.map((q) => q.note),
    phoneToConfirm: ticked.some((q) => q.changesVehicle),
  };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * A booked calendar day as shoppers read it, whatever the reader's zone.
 *
 * formatBookedDay('2026-12-07') → 'Monday 7 December 2026'
 */
export function formatBookedDay(date: string): string {
  const noon = `${date}T12:00:00Z`;
  return `${WEEKDAYS[new Date(noon).getUTCDay()]} ${formatUtcDate(noon)}`;
}
