import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database';

/**
 * Plans a log list's statements as the walks they are. A page is newest first: a walk down the time
 * indexes that stops at its last row; the bounded count likewise stops at its 1,001st match. The
 * planner misjudges how many rows a filter without an index keeps within one tenant (it reckoned
 * `username ILIKE '%sc.u1%'` keeps 5 of the largest tenant's 19,472 rows of 7 days where 2,172
 * match), so it expects no early stop and plans the whole range: a bitmap of every row, then a sort
 * (26 ms against 1.3 ms for the login log's page, 4.7 against 2.2 ms for its count, at ten million
 * rows). Hence, for the rest of the list's transaction: no sort where an index gives the order, no
 * bitmaps, no parallel workers, the cost of a cached page's random read (a tenant's log rows lie in
 * time order, which the tenant column's statistics cannot show), and no JIT for millisecond statements.
 */
export const planAsTimeWalk = async (tx: Tx): Promise<void> => {
  await tx.execute(
    sql`SELECT set_config('enable_sort', 'off', true), set_config('enable_bitmapscan', 'off', true),
               set_config('max_parallel_workers_per_gather', '0', true), set_config('random_page_cost', '1.1', true),
               set_config('jit', 'off', true)`,
  );
};
