import { createRedisInvalidationBus } from "../platform/invalidation.ts";
import { createTestContext, type TestContext } from "./context.ts";
import { silentLogger } from "./log.ts";

/**
 * Two API instances on one database, their caches joined by Redis invalidation buses as in production (a key prefix
 * of their own). close() ends both buses and the database.
 */
export async function twoInstances(
  redisUrl: string,
): Promise<{ a: TestContext; b: TestContext; close(): Promise<void> }> {
  const prefix = `clearflow-test-${crypto.randomUUID()}:`;
  const busA = createRedisInvalidationBus({ url: redisUrl, prefix, log: silentLogger });
  const busB = createRedisInvalidationBus({ url: redisUrl, prefix, log: silentLogger });
  const a = await createTestContext({ deps: (deps) => ({ ...deps, invalidation: busA }) });
  const b = await createTestContext({ db: a.db, deps: (deps) => ({ ...deps, invalidation: busB }) });
  return {
    a,
    b,
    async close() {
      await Promise.all([busA.close(), busB.close()]);
      await a.close();
    },
  };
}
