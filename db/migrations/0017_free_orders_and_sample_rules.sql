CREATE TABLE "sample_rules" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"max_free_per_order" integer NOT NULL,
	"max_free_per_product" integer NOT NULL,
	"post_max_kg" integer NOT NULL,
	CONSTRAINT "sample_rules_one_row" CHECK ("sample_rules"."id" = 1)
);
--> statement-breakpoint
-- What the Samples page promises: up to five free samples an order, one of each product; a
-- samples-only parcel up to 18 kg (the parcel limit) goes by post.
INSERT INTO "sample_rules" ("id", "max_free_per_order", "max_free_per_product", "post_max_kg")
VALUES (1, 5, 1, 18);
--> statement-breakpoint
-- An order with nothing to pay (free samples by post) has no payment step: it goes straight to
-- processing, with no payment deadline and no invoice. Wraps place_order's answer
-- (SELECT settle_free_order(place_order(…))), so place_order itself stays as it is; its rows are
-- visible here because each statement of this function reads after the call that wrote them.
CREATE FUNCTION settle_free_order(written jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  placed_id integer := (written->'order'->>'id')::integer;
  placed orders;
BEGIN
  IF (written->'order'->>'total_pence')::integer <> 0 THEN
    RETURN written;
  END IF;
  UPDATE orders SET status = 'processing', payment_status = 'not_required', expires_at = NULL,
      updated_at = now()
    WHERE id = placed_id
    RETURNING * INTO placed;
  UPDATE payments SET status = 'not_required', updated_at = now() WHERE order_id = placed_id;
  INSERT INTO order_events (order_id, kind, from_state, to_state, actor, note)
    SELECT placed_id, 'status', 'pending_payment', 'processing', e.actor, 'Nothing to pay'
    FROM order_events e WHERE e.order_id = placed_id ORDER BY e.id LIMIT 1;
  RETURN jsonb_build_object(
    'order', to_jsonb(placed),
    'lines', written->'lines',
    'events', (SELECT jsonb_agg(to_jsonb(e) ORDER BY e.at, e.id)
               FROM order_events e WHERE e.order_id = placed_id));
END;
$$;
