import { describe, expect, it } from 'vitest';
import { paragraphs } from './paragraphs';

describe('paragraphs', () => {
  it('splits at blank lines, keeping single line breaks inside a paragraph', () => {
    expect(paragraphs('One.\nStill one.\n\nTwo.\n \t\n\n\nThree.')).toEqual([
      'One.\nStill one.',
      'Two.',
      'Three.',
    ]);
  });

  it('handles Windows line ends, surrounding space and empty bodies', () => {
    expect(paragraphs('\r\n  A\r\n\r\nB  \r\n')).toEqual(['A', 'B']);
    expect(paragraphs('')).toEqual([]);
    expect(paragraphs('\n\n  \n')).toEqual([]);
  });

  it('keeps markup as text', () => {
    expect(paragraphs('<b>bold</b>')).toEqual(['<b>bold</b>']);
  });
});
