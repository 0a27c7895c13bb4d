// The cards the sandbox knows. Payme's own test host accepts the two published cards; the rest
// are the sandbox's, each showing one way a card can fail, so every path of adding a card and
// paying can be walked by hand and by tests. Every card expires 03/99 and every code is 666666.
// Any other number is unknown to the sandbox (as a made-up number is to a bank).

export type TestCardBehaviour =
  /** Confirms and pays. */
  | 'ok'
  /** Confirms; every charge is declined for insufficient funds. */
  | 'insufficient_funds'
  /** Confirms; every charge is declined: the bank has blocked the card. */
  | 'blocked'
  /** Confirms; a charge goes through but the answer comes only after the sandbox's stall time,
   * later than the adapter waits, so the charge has to be settled with receipts.check. */
  | 'stall'
  /** Has no SMS service: a code cannot be sent, so the card cannot be added. */
  | 'sms_unavailable';

export interface TestCard {
  number: string;
  behaviour: TestCardBehaviour;
}

export const TEST_CARD_EXPIRY = '03/99';
export const TEST_CARD_CODE = '666666';

export const TEST_CARDS: readonly TestCard[] = [
  // Payme's published test cards.
  { number: '8600069195406311', behaviour: 'ok' },
  { number: '8600495473316478', behaviour: 'ok' },
  // The sandbox's own.
  { number: '9860100000000008', behaviour: 'ok' },
  { number: '8600111111111110', behaviour: 'insufficient_funds' },
  { number: '9860222222222226', behaviour: 'blocked' },
  { number: '8600333333333336', behaviour: 'stall' },
  { number: '8600444444444449', behaviour: 'sms_unavailable' },
];

export function testCard(number: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.number === number);
}

/** The phone the card's "bank" texts: +998 90 000 and the card's last four digits. */
export function bankPhone(number: string): string {
  return `+99890000${number.slice(-4)}`;
}
