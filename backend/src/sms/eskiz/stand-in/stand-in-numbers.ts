// The numbers on which the Eskiz stand-in plays a gateway's bad day (any other Uzbek number is
// delivered). The digits are Eskiz's `mobile_phone` form; the shop's own form has a "+".
export const STAND_IN_NUMBERS = {
  /** 400: Eskiz finds the number invalid. */
  badNumber: '998990000001',
  /** 400: the account's balance cannot pay for the message. */
  noBalance: '998990000002',
  /** 500, every time. */
  serverError: '998990000003',
  /** 503 on the first try of each message, accepted on the second. */
  flaky: '998990000004',
  /** Answers only after the stand-in's `slowMs`: longer than any sender waits. */
  slow: '998990000005',
} as const;
