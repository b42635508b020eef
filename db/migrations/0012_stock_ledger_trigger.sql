-- The stock ledger: every change of a variation's stock becomes a row of stock_ledger, written
-- by statement triggers on variations in the writing statement's own transaction, one set-based
-- INSERT per statement. Why and by whom come from the transaction's settings (set_stock_context):
-- a path that forgets to say so still leaves its row, labelled 'direct' (or 'create').
-- Stock on hand before the ledger existed opens it.
INSERT INTO stock_ledger (variation_id, delta, stock_after, reason, actor)
  SELECT id, stock_quantity, stock_quantity, 'opening', 'system' FROM variations
  WHERE stock_quantity IS NOT NULL ORDER BY id;
--> statement-breakpoint
CREATE FUNCTION set_stock_context(reason text, actor text, order_id integer, ref text)
RETURNS void LANGUAGE sql AS $$
  SELECT set_config('tessera.stock_reason', coalesce(reason, ''), true),
    set_config('tessera.stock_actor', coalesce(actor, ''), true),
    set_config('tessera.stock_order', coalesce(order_id::text, ''), true),
    set_config('tessera.stock_ref', coalesce(ref, ''), true);
$$;
--> statement-breakpoint
CREATE FUNCTION record_stock_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  why text := nullif(current_setting('tessera.stock_reason', true), '');
  who text := coalesce(nullif(current_setting('tessera.stock_actor', true), ''), 'system');
  for_order integer := nullif(current_setting('tessera.stock_order', true), '')::integer;
  ref text := nullif(current_setting('tessera.stock_ref', true), '');
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stock_ledger (variation_id, delta, stock_after, reason, actor, order_id, ref)
      SELECT n.id, n.stock_quantity, n.stock_quantity, coalesce(why, 'create'), who, for_order, ref
      FROM new_rows n WHERE n.stock_quantity IS NOT NULL ORDER BY n.id;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO stock_ledger (variation_id, delta, stock_after, reason, actor, order_id, ref)
      SELECT n.id, coalesce(n.stock_quantity, 0) - coalesce(o.stock_quantity, 0), n.stock_quantity,
        coalesce(why, 'direct'), who, for_order, ref
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.stock_quantity IS DISTINCT FROM o.stock_quantity ORDER BY n.id;
  ELSE
    INSERT INTO stock_ledger (variation_id, delta, stock_after, reason, actor, order_id, ref)
      SELECT o.id, -o.stock_quantity, NULL, 'delete', who, for_order, ref
      FROM old_rows o WHERE o.stock_quantity IS NOT NULL ORDER BY o.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER variations_stock_insert AFTER INSERT ON variations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_stock_change();
--> statement-breakpoint
CREATE TRIGGER variations_stock_update AFTER UPDATE ON variations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_stock_change();
--> statement-breakpoint
CREATE TRIGGER variations_stock_delete AFTER DELETE ON variations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_stock_change();
--> statement-breakpoint
-- place_order (0009) as before, but the stock is taken in one statement after the order is
-- written, so that its ledger rows carry the order.
CREATE OR REPLACE FUNCTION place_order(
  basket integer,
  new_order jsonb,
  new_lines jsonb,
  payment_provider text,
  placed_by text
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  item record;
  stock record;
  taken integer[] := '{}';
  placed orders;
  -- Pieces the order's earlier lines of the same size take (lines come in variation order).
  previous integer;
  needed integer := 0;
BEGIN
  PERFORM 1 FROM carts WHERE id = basket FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'basket_changed' USING ERRCODE = 'TS001';
  END IF;
  IF EXISTS (
    (SELECT id, variation_id, quantity, m2_quantity FROM cart_items WHERE cart_id = basket
     EXCEPT
     SELECT cart_item_id, variation_id, pieces, m2
     FROM jsonb_to_recordset(new_lines) AS l(cart_item_id integer, variation_id integer,
       pieces integer, m2 numeric))
    UNION ALL
    (SELECT cart_item_id, variation_id, pieces, m2
     FROM jsonb_to_recordset(new_lines) AS l(cart_item_id integer, variation_id integer,
       pieces integer, m2 numeric)
     EXCEPT
     SELECT id, variation_id, quantity, m2_quantity FROM cart_items WHERE cart_id = basket)
  ) THEN
    RAISE EXCEPTION 'basket_changed' USING ERRCODE = 'TS001';
  END IF;

  FOR item IN
    SELECT * FROM jsonb_to_recordset(new_lines) AS l(position integer, product_id integer,
      variation_id integer, pieces integer, price_pence integer)
    ORDER BY variation_id, position
  LOOP
    SELECT v.stock_quantity, v.price_pence,
        (p.status = 'publish' AND v.product_id = p.id) AS on_sale
      INTO stock
      FROM variations v JOIN products p ON p.id = item.product_id
      WHERE v.id = item.variation_id
      FOR UPDATE OF v;
    IF NOT FOUND OR NOT stock.on_sale OR stock.price_pence <> item.price_pence THEN
      RAISE EXCEPTION 'basket_changed' USING ERRCODE = 'TS001';
    END IF;
    IF stock.stock_quantity IS NOT NULL THEN
      needed := item.pieces + CASE WHEN item.variation_id = previous THEN needed ELSE 0 END;
      IF stock.stock_quantity < needed THEN
        RAISE EXCEPTION 'out_of_stock' USING ERRCODE = 'TS002',
          DETAIL = json_build_object('variation_id', item.variation_id,
            'available', stock.stock_quantity - needed + item.pieces)::text;
      END IF;
      taken := taken || item.position;
    END IF;
    previous := item.variation_id;
  END LOOP;

  INSERT INTO orders (number, access_token_hash, cart_id, idempotency_key, customer_id,
      session_token_hash, email, payment_method, shipping_address, billing_address, delivery,
      goods_net_pence, goods_vat_pence, goods_gross_pence,
      delivery_net_pence, delivery_vat_pence, delivery_gross_pence,
      total_net_pence, total_vat_pence, total_pence, terms_version, placed_at, expires_at)
    SELECT 'TS-' || nextval('order_number_seq'), o.access_token_hash, basket, o.idempotency_key,
      o.customer_id, o.session_token_hash, o.email, o.payment_method, o.shipping_address,
      o.billing_address, o.delivery, o.goods_net_pence, o.goods_vat_pence, o.goods_gross_pence,
      o.delivery_net_pence, o.delivery_vat_pence, o.delivery_gross_pence,
      o.total_net_pence, o.total_vat_pence, o.total_pence, o.terms_version, o.placed_at,
      o.expires_at
    FROM jsonb_populate_record(NULL::orders, new_order) AS o
    RETURNING * INTO placed;

  -- The stock is taken once per size, under the locks taken above, after the order exists, so
  -- that the ledger rows the trigger writes name it.
  PERFORM set_stock_context('sale', placed_by, placed.id, placed.number);
  UPDATE variations v SET stock_quantity = v.stock_quantity - t.pieces
    FROM (SELECT l.variation_id, sum(l.pieces)::int AS pieces
          FROM jsonb_to_recordset(new_lines) AS l(position integer, variation_id integer,
            pieces integer)
          WHERE l.position = ANY (taken) GROUP BY l.variation_id) t
    WHERE v.id = t.variation_id;

  INSERT INTO order_lines (order_id, position, product_id, variation_id, name, size, kind,
      is_bespoke, pieces, m2, weight_kg, unit, unit_price_pence, unit_net_pence, vat_rate,
      net_pence, vat_pence, gross_pence, stock_taken)
    SELECT placed.id, l.position, l.product_id, l.variation_id, l.name, l.size, l.kind,
      l.is_bespoke, l.pieces, l.m2, l.weight_kg, l.unit, l.unit_price_pence, l.unit_net_pence,
      l.vat_rate, l.net_pence, l.vat_pence, l.gross_pence, l.position = ANY (taken)
    FROM jsonb_populate_recordset(NULL::order_lines, new_lines) AS l;

  INSERT INTO payments (order_id, provider, amount_pence)
    VALUES (placed.id, payment_provider, placed.total_pence);
  INSERT INTO order_events (order_id, kind, from_state, to_state, actor)
    VALUES (placed.id, 'status', NULL, 'pending_payment', placed_by);
  -- The basket becomes the order: its lines and the basket itself go.
  DELETE FROM carts WHERE id = basket;

  RETURN jsonb_build_object(
    'order', to_jsonb(placed),
    'lines', (SELECT jsonb_agg(to_jsonb(l) ORDER BY l.position)
              FROM order_lines l WHERE l.order_id = placed.id),
    'events', (SELECT jsonb_agg(to_jsonb(e) ORDER BY e.at, e.id)
               FROM order_events e WHERE e.order_id = placed.id));
END;
$$;
