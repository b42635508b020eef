ALTER TABLE "variations" ADD COLUMN "made_to_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now every size of a 'custom-stonework' product counted as cut to the customer's size,
-- stock window-sill and hearth sizes chosen from a list included. Only a size whose option offers
-- a cut to the customer's own measurements is made to order; samples never are. Staff set the
-- rest per size in the product editor.
UPDATE "variations" SET "made_to_order" = true
WHERE "option" ~* '(cut|made)[[:space:]-]*to[[:space:]-]*(your[[:space:]-]*)?(size|measure|length|order|specification)|bespoke|custom[[:space:]-]*(size|cut)'
  AND "option" !~* 'sample';
