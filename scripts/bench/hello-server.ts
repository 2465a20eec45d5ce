/**
 * The floor of the server benchmarks: a bare Fastify route answering {hello:'world'}, run as its
 * own process under the same conditions as the shop (same core, production mode).
 * usage: node scripts/bench/hello-server.ts PORT
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.argv[2] ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
