import { describe, expect, it } from 'vitest';
import { queriesWaitForSavedAnswers } from './persisted-query-provider';

describe('queriesWaitForSavedAnswers', () => {
  it('holds queries back only offline, until the saved answers are read', () => {
    const offlineReading = { keeping: true, restored: false, online: false };
    expect(queriesWaitForSavedAnswers(offlineReading)).toBe(true);
    // Online the network is asked at once: reading IndexedDB would only delay the first call.
    expect(queriesWaitForSavedAnswers({ ...offlineReading, online: true })).toBe(false);
    expect(queriesWaitForSavedAnswers({ ...offlineReading, restored: true })).toBe(false);
    // Nothing kept (no IndexedDB): nothing to wait for.
    expect(queriesWaitForSavedAnswers({ ...offlineReading, keeping: false })).toBe(false);
  });
});
