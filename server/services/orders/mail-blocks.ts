// The building blocks of the order confirmation: what each section says, rendered by
// confirmation-email.ts as plain text and as HTML.
import type { OrderLineJson } from '#domain/checkout.ts';
import { formatM2 } from '#domain/area.ts';
import { lineCountText } from '#domain/selling-unit.ts';

type LineQuantity = Pick<OrderLineJson, 'pieces' | 'm2' | 'unit' | 'kind' | 'selling_unit'>;

/** '46 pieces (11.040 m²)', '1 piece', '3 litres'. */
export function lineQuantity(line: LineQuantity): string {
  const count = lineCountText(line.pieces, line);
  return line.m2 === null ? count : `${count} (${formatM2(line.m2)} m²)`;
}

/** 'Calacatta Oro Honed Marble Tiles, 600x400x20'. */
export function lineDescription(line: Pick<OrderLineJson, 'name' | 'size'>): string {
  return line.size ? `${line.name}, ${line.size}` : line.name;
}

export interface ItemRow {
  description: string;
  detail: string;
  total: string;
}

export type Block =
  | { kind: 'paragraph'; text: string; strong?: boolean }
  | { kind: 'items'; rows: ItemRow[] }
  | { kind: 'figures'; rows: [label: string, value: string][]; strongRow?: number }
  | { kind: 'list'; items: string[] }
  | { kind: 'address'; lines: string[] }
  | { kind: 'link'; label: string; href: string };

export interface Section {
  title: string | null;
  blocks: Block[];
}
