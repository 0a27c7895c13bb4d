import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allTemplates, signInCodeText } from './sms-texts';

const README = join(import.meta.dirname, '..', '..', '..', 'README.md');

describe('the texts the shop sends by SMS', () => {
  it('puts the code into the shopper’s language', () => {
    expect(signInCodeText('uz', '04217')).toBe(
      'Uy Shop: kirish kodi 04217. Uni hech kimga aytmang.',
    );
    expect(signInCodeText('ru', '04217')).toContain('код для входа 04217.');
    expect(signInCodeText('en', '04217')).toContain('your sign-in code is 04217.');
  });

  it('are each listed in the README, as the templates an operator submits to Eskiz', async () => {
    const readme = await readFile(README, 'utf8');
    const templates = allTemplates();
    expect(templates).toHaveLength(3);
    for (const template of templates) {
      expect(readme).toContain(`\`${template.replace('{code}', '12345')}\``);
    }
  });
});
