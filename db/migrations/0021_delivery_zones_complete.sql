-- Every remote and offshore UK postcode priced (issue 27): the Highlands by district rather than the
-- whole PH area, the Scottish islands (Skye, Bute, Arran, Cumbrae, Islay, Mull and the rest), the
-- Isle of Wight, the Isles of Scilly, and BFPO refused. The same rows as db/seed/delivery-zones.ts,
-- where their sources are given.
INSERT INTO "delivery_zones" ("code", "name", "prefixes", "deliverable", "parcel_surcharge_pence", "pallet_surcharge_pence", "extra_days", "message", "position") VALUES
('highlands', 'Scottish Highlands', '{IV,KW,AB36,AB37,AB38,AB55,AB56,FK17,FK18,FK19,FK20,FK21,PA21,PA22,PA23,PA24,PA25,PA26,PA27,PA28,PA29,PA30,PA31,PA32,PA33,PA34,PA35,PA36,PA37,PA38,PA39,PA40,PH17,PH18,PH19,PH20,PH21,PH22,PH23,PH24,PH25,PH26,PH30,PH31,PH32,PH33,PH34,PH35,PH36,PH37,PH38,PH39,PH40,PH41,PH49,PH50}', true, 1500, 4500, 2, 'Deliveries to the Scottish Highlands carry a surcharge and take up to 2 working days longer.', 1),
('islands', 'Scottish Islands', '{HS,ZE,KW15,KW16,KW17,IV41,IV42,IV43,IV44,IV45,IV46,IV47,IV48,IV49,IV51,IV55,IV56,KA27,KA28,PA20,PA41,PA42,PA43,PA44,PA45,PA46,PA47,PA48,PA49,PA60,PA61,PA62,PA63,PA64,PA65,PA66,PA67,PA68,PA69,PA70,PA71,PA72,PA73,PA74,PA75,PA76,PA77,PA78,PH42,PH43,PH44}', true, 2500, 9500, 3, 'Deliveries to the Scottish Islands carry a surcharge and take up to 3 working days longer.', 2),
('northern-ireland', 'Northern Ireland', '{BT}', true, 2000, 6000, 2, 'Deliveries to Northern Ireland carry a surcharge and take up to 2 working days longer.', 3),
('isle-of-man', 'Isle of Man', '{IM}', true, 2500, 8000, 3, 'Deliveries to the Isle of Man carry a surcharge and take up to 3 working days longer.', 4),
('isle-of-wight', 'Isle of Wight', '{PO30,PO31,PO32,PO33,PO34,PO35,PO36,PO37,PO38,PO39,PO40,PO41}', true, 1000, 3500, 1, 'Deliveries to the Isle of Wight carry a surcharge and take up to 1 working day longer.', 5),
('isles-of-scilly', 'Isles of Scilly', '{TR21,TR22,TR23,TR24,TR25}', true, 2500, 15000, 4, 'Deliveries to the Isles of Scilly carry a surcharge and take up to 4 working days longer.', 6),
('channel-islands', 'Channel Islands', '{GY,JE}', false, 0, 0, 0, 'Sorry, we cannot deliver to the Channel Islands. Please call us on 0117 496 0472 to arrange collection or your own courier.', 7),
('bfpo', 'British Forces (BFPO)', '{BF}', false, 0, 0, 0, 'Sorry, we cannot send stone through BFPO. Please call us on 0117 496 0472 to arrange delivery to a UK address.', 8)
ON CONFLICT ("code") DO UPDATE SET
  "name" = EXCLUDED."name",
  "prefixes" = EXCLUDED."prefixes",
  "deliverable" = EXCLUDED."deliverable",
  "parcel_surcharge_pence" = EXCLUDED."parcel_surcharge_pence",
  "pallet_surcharge_pence" = EXCLUDED."pallet_surcharge_pence",
  "extra_days" = EXCLUDED."extra_days",
  "message" = EXCLUDED."message",
  "position" = EXCLUDED."position";--> statement-breakpoint
-- The Delivery Information page no longer says remote areas are quoted individually: its table of
-- areas is drawn from delivery_zones. A page the owner has reworded is left as it is.
UPDATE "pages" SET "content_html" = replace("content_html", '<p>We deliver throughout mainland Great Britain. Deliveries to the Scottish Highlands and islands, Northern Ireland, the Isle of Wight, the Isle of Man, the Isles of Scilly and the Channel Islands are quoted individually; please <a href="/contact-us">contact us</a> with your postcode for a price.</p>', '<p>We deliver throughout the United Kingdom and to the Isle of Man. The table of delivery prices at the end of this page gives the price to each area, from the same prices our checkout charges: remote and island postcodes carry a surcharge and take a little longer, and free delivery applies to the UK mainland. Enter your postcode on any product page or in your basket to see the delivery price of your order before you check out. We cannot deliver to the Channel Islands or through BFPO.</p>')
WHERE "slug" = 'delivery-information';
