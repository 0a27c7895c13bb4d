// The cards the local Click Merchant API stand-in knows, each showing one way a saved card can
// go, so every path of adding a Click card and paying with it can be walked by hand and by tests.
// Every card expires 03/99. The stand-in texts a fresh 6-digit code to the card's "bank" phone
// (+998 93 000 and the card's last four digits) through the shop's SMS provider, so the code
// lands in the SMS outbox. Any other number is unknown to it, as a made-up number is to a bank.

export type ClickTestCardBehaviour =
  /** Confirms and pays. */
  | 'ok'
  /** Confirms; every charge is declined for insufficient funds. */
  | 'insufficient_funds'
  /** Confirms; every charge is declined: the bank has blocked the card. */
  | 'blocked'
  /** Confirms; every charge is declined: the bank says the card has expired. */
  | 'expired'
  /** Confirms; a charge takes the money but is answered only after the stand-in's stall time,
   * later than the client waits, so the charge has to be found by its transaction parameter. */
  | 'stall'
  /** Has no SMS service: Click cannot text a code, so the card cannot be added. */
  | 'sms_unavailable';

export interface ClickTestCard {
  number: string;
  behaviour: ClickTestCardBehaviour;
}

export const CLICK_TEST_CARD_EXPIRY = '03/99';

export const CLICK_TEST_CARDS: readonly ClickTestCard[] = [
  { number: '8600555555555556', behaviour: 'ok' },
  { number: '9860666666666662', behaviour: 'ok' },
  { number: '8600777777777772', behaviour: 'insufficient_funds' },
  { number: '9860888888888888', behaviour: 'blocked' },
  { number: '8600999999999998', behaviour: 'expired' },
  { number: '8600121212121215', behaviour: 'stall' },
  { number: '9860131313131313', behaviour: 'sms_unavailable' },
];

export function clickTestCard(number: string): ClickTestCard | undefined {
  return CLICK_TEST_CARDS.find((card) => card.number === number);
}

/** The phone the card's "bank" texts: +998 93 000 and the card's last four digits. */
export function clickBankPhone(number: string): string {
  return `+99893000${number.slice(-4)}`;
}
