// Sets of small integers (a category's members by their place in it) as bits in 32-bit words:
// intersecting and counting them costs one operation per 32 members.

export type Bitset = Uint32Array;

export function emptyBitset(size: number): Bitset {
  return new Uint32Array(Math.ceil(size / 32));
}

/** Every member from 0 to size - 1. */
export function fullBitset(size: number): Bitset {
  const bits = emptyBitset(size).fill(0xffffffff);
  if (size % 32) bits[bits.length - 1] = (1 << (size % 32)) - 1;
  return bits;
}

export function addMember(bits: Bitset, member: number): void {
  bits[member >>> 5]! |= 1 << (member & 31);
}

export function hasMember(bits: Bitset, member: number): boolean {
  return (bits[member >>> 5]! & (1 << (member & 31))) !== 0;
}

/** Keeps in `into` only the members also in `other` (or, with `without`, only those not in it). */
export function intersect(into: Bitset, other: Bitset, without = false): void {
  const flip = without ? 0xffffffff : 0;
  for (let w = 0; w < into.length; w++) into[w]! &= other[w]! ^ flip;
}

/** Adds every member of `other` to `into`. */
export function unite(into: Bitset, other: Bitset): void {
  for (let w = 0; w < into.length; w++) into[w]! |= other[w]!;
}

function bitsIn(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** How many members the two sets share. */
export function countShared(a: Bitset, b: Bitset): number {
  let count = 0;
  for (let w = 0; w < a.length; w++) count += bitsIn(a[w]! & b[w]!);
  return count;
}

export function countMembers(bits: Bitset): number {
  let count = 0;
  for (let w = 0; w < bits.length; w++) count += bitsIn(bits[w]!);
  return count;
}
