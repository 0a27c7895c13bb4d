import Fastify from 'fastify';
import { Agent, request } from 'undici';
const agent = new Agent({ keepAliveTimeout: 4000 });
const app = Fastify();
const key = process.env.KEY;
app.get('/*', async (req, reply) => {
  const r = await request('http://127.0.0.1:3810' + req.url, { headers: { 'x-api-key': key, 'x-lang': 'ru' }, dispatcher: agent });
  const text = await r.body.text();
  const data = JSON.parse(text);
  reply.header('content-type', 'application/json');
  return JSON.stringify(data);
});
await app.listen({ port: 3860 });
