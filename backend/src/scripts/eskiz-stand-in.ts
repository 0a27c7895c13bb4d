// The Eskiz stand-in as a process of its own, for a shop started with SMS_PROVIDER=eskiz and
// ESKIZ_API_URL pointing here (the end-to-end suite's second shop). It takes the account in
// ESKIZ_EMAIL / ESKIZ_PASSWORD, listens on ESKIZ_STAND_IN_PORT, and writes each message it
// accepts to `${ESKIZ_STAND_IN_DATA_DIR}/outbox/sms.jsonl`, the line the console provider writes,
// so tests read codes the same way whichever provider sent them.
import { z } from 'zod';
import { startEskizStandIn } from '../sms/eskiz/stand-in/eskiz-stand-in';
import { createConsoleSmsProvider } from '../sms/sms-provider';

const settings = z
  .object({
    ESKIZ_EMAIL: z.string().min(1),
    ESKIZ_PASSWORD: z.string().min(1),
    ESKIZ_STAND_IN_PORT: z.coerce.number().int().min(1).max(65_535),
    ESKIZ_STAND_IN_DATA_DIR: z.string().min(1),
  })
  .safeParse(process.env);
if (!settings.success) {
  const keys = settings.error.issues.map((issue) => issue.path.join('.'));
  process.stderr.write(`Eskiz stand-in: set ${keys.join(', ')}\n`);
  process.exit(1);
}
const env = settings.data;
const now = () => new Date();
const standIn = await startEskizStandIn({
  email: env.ESKIZ_EMAIL,
  password: env.ESKIZ_PASSWORD,
  port: env.ESKIZ_STAND_IN_PORT,
  now,
  deliverTo: createConsoleSmsProvider({
    dataDir: env.ESKIZ_STAND_IN_DATA_DIR,
    now,
    print: () => undefined,
  }),
});
process.stdout.write(`Eskiz stand-in at ${standIn.url}\n`);

const stop = () => {
  standIn.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
