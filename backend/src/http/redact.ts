// Validation messages sometimes quote what was sent (zod names an unknown key, for one). A card
// number typed into the wrong field must not come back in an answer or go on into a log, so any
// run of 13 or more digits (spaces and dashes between groups allowed) is blotted out first.
const DIGIT_RUN = /\d(?:[ -]?\d){12,}/g;

export function redactDigitRuns(text: string): string {
  return text.replace(DIGIT_RUN, '[digits]');
}
