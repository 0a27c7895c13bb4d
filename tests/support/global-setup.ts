// Before the first spec (and after the suite's two shops are up): the seeded data directory the
// specs' own shops start from, so no spec's time goes on a first start.
import { ensureSeededData } from './seeded-data';
import { firstStart } from './shop-process';

export default async function globalSetup(): Promise<void> {
  await ensureSeededData(firstStart);
}
