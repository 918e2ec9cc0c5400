// @ts-check
/*
 * The worker thread that owns the embedded database. PGlite is WebAssembly that runs in the thread that
 * calls it; here its work (parsing, planning, writing, and the wire protocol around it) runs beside the
 * HTTP server's thread instead of between its requests. Plain JavaScript (type-checked through JSDoc)
 * because Node 20 cannot start a worker thread on a TypeScript file through tsx, and the thread then
 * starts without loading a compiler at all.
 */
import { cpSync, existsSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/*
 * V8 runs PostgreSQL's WebAssembly in its baseline compiler first and recompiles each function with its
 * optimising compiler once the function has run "enough"; this budget says how much. At V8's default
 * (1.8 MB executed) a start recompiles hundreds of functions that run only while the database opens,
 * about 0.7 s of CPU on background threads, on a 2-core machine the same cores the start needs. At this
 * budget the start recompiles a tenth of that; functions that stay hot are optimised within the first
 * second of work, and queries then run as fast as at the default (docs/performance.md, issue 11).
 * Read when the module is compiled (new PGlite below), for this process's WebAssembly only.
 */
const WASM_TIERING_BUDGET = 100_000_000;
setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);

/** @typedef {import('./protocol').WorkerRequest} WorkerRequest */
/** @typedef {import('./protocol').WorkerResponse} WorkerResponse */
/** @typedef {import('./protocol').WorkerReady} WorkerReady */
/** @typedef {import('./protocol').WorkerError} WorkerError */
/** @typedef {import('./protocol').WorkerOptions} WorkerOptions */
/** @typedef {import('./protocol').DatabaseOrigin} DatabaseOrigin */
/** @typedef {import('@electric-sql/pglite').Transaction} Transaction */

const port = parentPort;
if (!port) throw new Error('the PGlite worker must run in a worker thread');
/** @type {WorkerOptions} */
const options = workerData;

/** @param {unknown} error @returns {WorkerError} */
const errorOf = (error) => {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {WorkerError} */
  const fields = { message: error.message, name: error.name };
  // PostgreSQL's fields (code, constraint, detail…) are strings and numbers. The query, its params and
  // options stay here: the caller has them, they can be large, and options hold functions that cannot
  // be sent.
  for (const [key, value] of Object.entries(error)) {
    if (key === 'query' || key === 'params') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return fields;
};

/** @param {string} value */
const raw = (value) => value;

/** @type {Map<string, Record<number, (value: string) => string>>} */
const rawParserTables = new Map();
/**
 * Parsers that keep the server's text for these types (the caller parses them), one table per set of
 * types: drizzle always asks for the same nine.
 * @param {number[]} types
 */
const rawParsersFor = (types) => {
  const key = types.join(',');
  let table = rawParserTables.get(key);
  if (!table) {
    table = Object.fromEntries(types.map((type) => [type, raw]));
    rawParserTables.set(key, table);
  }
  return table;
};

/**
 * Copies the prepared data directory into the database's (empty) folder. The copy goes to a sibling
 * folder first and is renamed into place, so an interrupted copy never looks like a database.
 * @param {string} from @param {string} to
 */
const copyPreparedDataDir = async (from, to) => {
  const partial = `${to}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  // Synchronous: this thread has nothing else to do meanwhile, and fs.cp's promise version, a few
  // asynchronous calls per file of about 1,100, took 0.55 s against 0.15 s.
  // Dereferenced: a prepared directory that is a symbolic link is copied, not linked to.
  cpSync(from, partial, { recursive: true, dereference: true });
  await rename(partial, to);
};

/** @returns {Promise<{ client: PGlite; origin: DatabaseOrigin }>} */
const openClient = async () => {
  const { dataPath, templateFile, preparedDataDir } = options;
  if (dataPath && existsSync(path.join(dataPath, 'PG_VERSION'))) {
    const client = new PGlite(dataPath);
    await client.waitReady;
    return { client, origin: 'existing' };
  }
  if (dataPath && preparedDataDir && existsSync(path.join(preparedDataDir, 'PG_VERSION'))) {
    await copyPreparedDataDir(preparedDataDir, dataPath);
    const client = new PGlite(dataPath);
    await client.waitReady;
    return { client, origin: 'prepared' };
  }
  const template =
    templateFile && existsSync(templateFile) ? new Blob([await readFile(templateFile)]) : undefined;
  const client = new PGlite(dataPath, template ? { loadDataDir: template } : {});
  await client.waitReady;
  return { client, origin: template ? 'template' : 'new' };
};

const ROLLBACK = Symbol('rollback');

/** Kept plans at most; past that they are all dropped and prepared again as they come. */
const PREPARED_STATEMENTS_KEPT = 64;

/**
 * A read's values as SQL literals for EXECUTE (whose arguments cannot be protocol parameters), typed
 * by the prepared statement's casts: strings, numbers and booleans only, as escape strings (quotes
 * and backslashes doubled). Anything else, or a NUL, which no text holds: undefined, and the read
 * goes the usual way.
 * @param {unknown[]} params @returns {string[] | undefined}
 */
const literalsOf = (params) => {
  /** @type {string[]} */
  const literals = [];
  for (const value of params) {
    if (value === null) literals.push('NULL');
    else if (
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value))
    ) {
      const text = String(value);
      if (text.includes('\0')) return undefined;
      literals.push(`E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`);
    } else return undefined;
  }
  return literals;
};

/** @param {PGlite} client @param {import('node:worker_threads').MessagePort} port */
const serve = (client, port) => {
  /**
   * Transactions by the number the HTTP thread gave them, from the moment their begin arrives: the
   * queries that follow it (sent without waiting for its answer) wait here until it has begun.
   * @type {Map<number, Promise<{ tx: Transaction; finish(commit: boolean): void; done: Promise<void> }>>}
   */
  const transactions = new Map();

  /** @param {number | undefined} tx @returns {Promise<Pick<PGlite, 'query' | 'exec'>>} */
  const runnerOf = async (tx) => {
    if (tx === undefined) return client;
    const opening = transactions.get(tx);
    if (!opening) throw new Error(`transaction ${tx} is not open`);
    return (await opening).tx;
  };

  /**
   * Starts a PGlite transaction that stays open until end() says how it finishes, and runs `setup` in
   * it (PGlite runs one transaction at a time, so this waits for the one before). A failed setup rolls
   * the transaction back, and the begin and every later request of the transaction fail.
   * @param {number} number
   * @param {string | undefined} setup
   */
  const begin = (number, setup) => {
    const opening = new Promise((opened, failed) => {
      /** @type {(commit: boolean) => void} */
      let finish = () => undefined;
      /** @type {Promise<boolean>} */
      const outcome = new Promise((resolve) => {
        finish = resolve;
      });
      const done = client
        .transaction(async (tx) => {
          if (setup) await tx.exec(setup);
          opened({ tx, finish, done });
          if (!(await outcome)) throw ROLLBACK;
        })
        .then(
          () => undefined,
          (error) => {
            if (error !== ROLLBACK) throw error;
          },
        )
        .finally(() => transactions.delete(number));
      // Settles nothing once opened; reports BEGIN or the setup failing.
      done.catch(failed);
    });
    transactions.set(number, opening);
    return opening.then(() => null);
  };

  /** @param {number} tx @param {boolean} commit */
  const end = async (tx, commit) => {
    const opening = transactions.get(tx);
    if (!opening) throw new Error(`transaction ${tx} is not open`);
    const open = await opening;
    open.finish(commit);
    await open.done;
  };

  /**
   * Statements whose plan is kept (a read with reusePlan), by their text: planning one of the
   * search's statements costs about as much as running it, and this thread serves every request.
   * The row-level policies of a kept plan read the scope's settings when it runs, not when it was
   * planned. PREPARE and DEALLOCATE are not transactional: they hold whatever the read that sent
   * them does afterwards.
   * @type {Map<string, string>}
   */
  const prepared = new Map();
  let preparedCount = 0;

  /** @param {string} name @param {string[]} values */
  const executeOf = (name, values) => `EXECUTE ${name}${values.length > 0 ? `(${values.join(', ')})` : ''}`;
  /** @param {import('@electric-sql/pglite').Results[]} results @param {number} at */
  const readResult = (results, at) => {
    const result = /** @type {import('@electric-sql/pglite').Results} */ (results.at(at));
    return { rows: result.rows, fields: result.fields };
  };

  /**
   * A read of a kept plan as one simple-protocol message: its statements run as one implicit
   * transaction (SET LOCAL and set_config(…, true) end with it, an error rolls it all back), and
   * PGlite is entered once instead of four times (BEGIN, settings, EXECUTE, COMMIT: 0.2–0.4 ms less
   * a read). Decided without waiting, so the reads after it, which PGlite runs in the order they
   * arrive, find the statement it prepares.
   * @param {string} setup @param {string} sql @param {string[]} values
   */
  const keptPlanRead = async (setup, sql, values) => {
    let name = prepared.get(sql);
    let head = '';
    if (!name) {
      if (prepared.size >= PREPARED_STATEMENTS_KEPT) {
        head = 'DEALLOCATE ALL; ';
        prepared.clear();
      }
      name = `uniwim_read_${++preparedCount}`;
      head += `PREPARE ${name} AS ${sql};\n`;
      prepared.set(sql, name);
    }
    try {
      const results = await client.exec(
        `${head}SET TRANSACTION READ ONLY; SET LOCAL plan_cache_mode = force_generic_plan; ${setup};\n` +
          executeOf(name, values),
      );
      return readResult(results, -1);
    } catch (error) {
      // Whether this read's PREPARE ran is unknown: the next read of the statement prepares it again.
      if (head && prepared.get(sql) === name) prepared.delete(sql);
      throw error;
    }
  };

  let oneOffCount = 0;

  /**
   * A read planned for its own values, also as one message: PREPARE, EXECUTE with the values as
   * literals (the first run of a statement is planned for its values, as a query with parameters
   * is) and DEALLOCATE, after the settings, in one implicit transaction.
   * @param {string} setup @param {string} sql @param {string[]} values
   */
  const oneOffRead = async (setup, sql, values) => {
    const name = `uniwim_once_${++oneOffCount}`;
    try {
      const results = await client.exec(
        `SET TRANSACTION READ ONLY; ${setup};\nPREPARE ${name} AS ${sql};\n${executeOf(name, values)};\n` +
          `DEALLOCATE ${name}`,
      );
      return readResult(results, -2); // the EXECUTE's, before the DEALLOCATE's
    } catch (error) {
      // Its DEALLOCATE did not run; the statement is dropped if its PREPARE did.
      client.exec(`DEALLOCATE ${name}`).catch(() => undefined);
      throw error;
    }
  };

  /** @param {WorkerRequest} request @returns {Promise<unknown>} */
  const handle = async (request) => {
    switch (request.op) {
      case 'query': {
        const result = await (await runnerOf(request.tx)).query(request.sql, request.params, {
          rowMode: request.rowMode,
          // PGlite copies its parser table for every query given parsers of its own: only when needed.
          parsers: request.rawTypes.length > 0 ? rawParsersFor(request.rawTypes) : undefined,
        });
        return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
      }
      case 'exec':
        await (await runnerOf(request.tx)).exec(request.sql);
        return null;
      case 'begin':
        return begin(request.tx, request.setup);
      case 'transaction':
        await client.transaction((tx) => tx.exec(request.sql));
        return null;
      case 'read': {
        const { setup, sql, params, reusePlan } = request;
        const values = literalsOf(params);
        if (values) return reusePlan ? keptPlanRead(setup, sql, values) : oneOffRead(setup, sql, values);
        return client.transaction(async (tx) => {
          await tx.exec(`SET TRANSACTION READ ONLY; ${setup}`);
          const result = await tx.query(sql, params);
          return { rows: result.rows, fields: result.fields };
        });
      }
      case 'end':
        return end(request.tx, request.commit);
      case 'close':
        await client.close();
        return null;
    }
  };

  // Answers ready in the same turn travel in one message, as the requests do.
  /** @type {WorkerResponse[]} */
  let replies = [];
  const sendReplies = () => {
    const batch = replies;
    replies = [];
    try {
      port.postMessage(batch);
    } catch {
      // A value that cannot be sent becomes an error answer for its own request, never a lost one.
      for (const reply of batch) {
        try {
          port.postMessage([reply]);
        } catch (error) {
          port.postMessage([{ id: reply.id, ok: false, error: errorOf(error) }]);
        }
      }
    }
  };
  /** @param {WorkerResponse} reply */
  const answer = (reply) => {
    if (replies.push(reply) === 1) queueMicrotask(sendReplies);
  };

  port.on('message', (/** @type {WorkerRequest[]} */ requests) => {
    for (const request of requests) {
      handle(request).then(
        (value) => answer({ id: request.id, ok: true, value }),
        (error) => answer({ id: request.id, ok: false, error: errorOf(error) }),
      );
    }
  });
};

openClient().then(
  ({ client, origin }) => {
    serve(client, port);
    port.postMessage(/** @type {WorkerReady} */ ({ ready: true, origin }));
  },
  (error) => port.postMessage(/** @type {WorkerReady} */ ({ ready: false, error: errorOf(error) })),
);
