CREATE TABLE "shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The shop's details as they were before the owner could edit them, so nothing changes until a
-- save. An empty reply_to and a null payment_days leave MAIL_REPLY_TO and ORDER_PAYMENT_DAYS in
-- charge, as before.
INSERT INTO "shop_settings" ("key", "value") VALUES
('identity', '{"trading_name":"Tessera Stone","legal_name":"Tessera Stone Ltd","registered_office":["Unit 4, Riverside Trading Estate","Feeder Road","Bristol","BS2 0UX","United Kingdom"],"company_number":"13584207","vat_number":"GB 318 4726 59","phone":"0117 496 0472","email":"hello@tesserastone.co.uk","reply_to":"","opening_hours":["Mon-Fri 9:00am-5:30pm","Weekends and bank holidays closed","Saturday by appointment"],"social_links":[{"name":"Instagram","href":"https://www.instagram.com/tesserastone"},{"name":"Facebook","href":"https://www.facebook.com/tesserastone"},{"name":"Pinterest","href":"https://www.pinterest.co.uk/tesserastone"},{"name":"YouTube","href":"https://www.youtube.com/@tesserastone"}]}'),
('bank', '{"account_name":"Tessera Stone Ltd","sort_code":"30-94-57","account_number":"48215736","payment_days":null}');
