// The postcode areas Royal Mail uses in the United Kingdom, the Crown Dependencies and BFPO, so a
// postcode of the right shape but no real area ('YY1 1AA') is answered plainly instead of being
// priced as the mainland.
const AREAS = `AB AL B BA BB BD BF BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN
DT DY E EC EH EN EX FK FY G GL GU GY HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY L LA LD LE LL
LN LS LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL SM SN SO SP
SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE`;

export const POSTCODE_AREAS: ReadonlySet<string> = new Set(AREAS.split(/\s+/));

/** isKnownPostcodeArea('IV') → true; isKnownPostcodeArea('YY') → false */
export function isKnownPostcodeArea(area: string): boolean {
  return POSTCODE_AREAS.has(area.toUpperCase());
}
