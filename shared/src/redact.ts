// Messages sometimes quote what was sent (zod names an unknown key; a URL carries what was typed
// into a path). A card number typed into the wrong place must not come back in an answer or go
// on into a log, so any run of 13 or more digits (spaces or dashes between groups allowed) is
// blotted out before a text leaves a server.
const DIGIT_RUN = /\d(?:[ -]?\d){12,}/g;

export function redactDigitRuns(text: string): string {
  return text.replace(DIGIT_RUN, '[digits]');
}
