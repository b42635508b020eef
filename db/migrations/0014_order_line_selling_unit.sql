ALTER TABLE "order_lines" ADD COLUMN "selling_unit" text DEFAULT 'm2' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_selling_unit_known" CHECK ("order_lines"."selling_unit" IN ('m2', 'piece', 'litre', 'each', 'linear_metre'));--> statement-breakpoint
-- Lines of orders placed before units were kept were all sold as tiles are ('m2', the default,
-- reads as they always did). From now on a line takes its product's unit as it is written, in
-- whichever statement writes it (place_order among them).
CREATE FUNCTION order_line_selling_unit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.selling_unit := coalesce((SELECT p.unit FROM products p WHERE p.id = NEW.product_id),
                               NEW.selling_unit);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER order_line_selling_unit BEFORE INSERT ON order_lines
  FOR EACH ROW EXECUTE FUNCTION order_line_selling_unit();
