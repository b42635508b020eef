// The delivery zones the shop prices (design section 11). The migration
// 0019_delivery_zones_complete.sql writes the same rows; tests/api/delivery-estimate.test.ts checks
// the two agree.
//
// Which postcodes are remote: the districts UK parcel and pallet carriers surcharge. DPD's
// Highlands, Islands and offshore list (as republished by Shiptheory, "Highland and Northern
// Irish postcodes used for shipping rules") gives AB36–38, AB55–56, FK17–21, HS, IV, KW, KW15–17,
// PA20–78, PH19–50, ZE and BT; retailers' published exclusions add KA27–28 (Arran, Cumbrae),
// TR21–25 (Isles of Scilly), PO30–41 (Isle of Wight), IM, GY and JE. Islands are told apart from
// the mainland Highlands where a whole district is offshore: Skye (IV41–49, IV51, IV55–56), Bute
// (PA20), Gigha and Islay (PA41–49), Jura, Colonsay, Mull, Iona, Tiree and Coll (PA60–78), the
// Small Isles (PH42–44). An island inside a mainland district (Lismore, Raasay, Luing) is priced
// as its district: districts are the finest grain the zones read.
//
// Prices: the surcharge is added to the ordinary parcel (£9.95) or per pallet (£49). They follow
// what carriers add for these areas (parcel networks about £10–£25 a parcel; pallet networks
// about £35–£60 a pallet to the Highlands and Northern Ireland, £80–£150 where a ferry carries
// the lorry) and were set by the shop; the owner changes them in delivery_zones.
import type { DeliveryZone } from '#domain/delivery.ts';
import { SHOP_PHONE } from '#domain/company.ts';

/** 'PH', 17, 20 → ['PH17', 'PH18', 'PH19', 'PH20'] */
function districts(area: string, from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => `${area}${from + i}`);
}

const longer = (where: string, days: number) =>
  `Deliveries to ${where} carry a surcharge and take up to ${days} working day${days === 1 ? '' : 's'} longer.`;

export interface SeedZone extends DeliveryZone {
  position: number;
}

export const DELIVERY_ZONES: SeedZone[] = [
  {
    code: 'highlands',
    name: 'Scottish Highlands',
    prefixes: [
      'IV',
      'KW',
      ...districts('AB', 36, 38),
      ...districts('AB', 55, 56),
      ...districts('FK', 17, 21),
      ...districts('PA', 21, 40),
      ...districts('PH', 17, 26),
      ...districts('PH', 30, 41),
      ...districts('PH', 49, 50),
    ],
    deliverable: true,
    parcelSurchargePence: 1500,
    palletSurchargePence: 4500,
    extraDays: 2,
    message: longer('the Scottish Highlands', 2),
    position: 1,
  },
  {
    code: 'islands',
    name: 'Scottish Islands',
    prefixes: [
      'HS',
      'ZE',
      ...districts('KW', 15, 17),
      ...districts('IV', 41, 49),
      'IV51',
      'IV55',
      'IV56',
      'KA27',
      'KA28',
      'PA20',
      ...districts('PA', 41, 49),
      ...districts('PA', 60, 78),
      ...districts('PH', 42, 44),
    ],
    deliverable: true,
    parcelSurchargePence: 2500,
    palletSurchargePence: 9500,
    extraDays: 3,
    message: longer('the Scottish Islands', 3),
    position: 2,
  },
  {
    code: 'northern-ireland',
    name: 'Northern Ireland',
    prefixes: ['BT'],
    deliverable: true,
    parcelSurchargePence: 2000,
    palletSurchargePence: 6000,
    extraDays: 2,
    message: longer('Northern Ireland', 2),
    position: 3,
  },
  {
    code: 'isle-of-man',
    name: 'Isle of Man',
    prefixes: ['IM'],
    deliverable: true,
    parcelSurchargePence: 2500,
    palletSurchargePence: 8000,
    extraDays: 3,
    message: longer('the Isle of Man', 3),
    position: 4,
  },
  {
    code: 'isle-of-wight',
    name: 'Isle of Wight',
    prefixes: districts('PO', 30, 41),
    deliverable: true,
    parcelSurchargePence: 1000,
    palletSurchargePence: 3500,
    extraDays: 1,
    message: longer('the Isle of Wight', 1),
    position: 5,
  },
  {
    code: 'isles-of-scilly',
    name: 'Isles of Scilly',
    prefixes: districts('TR', 21, 25),
    deliverable: true,
    parcelSurchargePence: 2500,
    palletSurchargePence: 15000,
    extraDays: 4,
    message: longer('the Isles of Scilly', 4),
    position: 6,
  },
  {
    code: 'channel-islands',
    name: 'Channel Islands',
    prefixes: ['GY', 'JE'],
    deliverable: false,
    parcelSurchargePence: 0,
    palletSurchargePence: 0,
    extraDays: 0,
    message: `Sorry, we cannot deliver to the Channel Islands. Please call us on ${SHOP_PHONE} to arrange collection or your own courier.`,
    position: 7,
  },
  {
    code: 'bfpo',
    name: 'British Forces (BFPO)',
    prefixes: ['BF'],
    deliverable: false,
    parcelSurchargePence: 0,
    palletSurchargePence: 0,
    extraDays: 0,
    message: `Sorry, we cannot send stone through BFPO. Please call us on ${SHOP_PHONE} to arrange delivery to a UK address.`,
    position: 8,
  },
];
