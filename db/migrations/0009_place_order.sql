-- Placing an order in one round trip. The caller reads the basket, prices it (the rules live in
-- domain/, not here) and sends the order it priced; this function checks that the basket, its
-- prices and its products are still what was priced, under their row locks, takes the stock and
-- writes the order, its lines, payment and history, and removes the basket. It answers the rows
-- it wrote. Refusals are raised, so nothing of a refused order is kept:
--   TS001 the basket or a price changed since it was read: read and price it again;
--   TS002 a line is short of stock: DETAIL is {"variation_id": …, "available": …}.
-- Lines are locked in variation order, so two orders never wait on each other.
CREATE FUNCTION place_order(
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
      IF stock.stock_quantity < item.pieces THEN
        RAISE EXCEPTION 'out_of_stock' USING ERRCODE = 'TS002',
          DETAIL = json_build_object('variation_id', item.variation_id,
            'available', stock.stock_quantity)::text;
      END IF;
      UPDATE variations SET stock_quantity = stock_quantity - item.pieces
        WHERE id = item.variation_id;
      taken := taken || item.position;
    END IF;
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
