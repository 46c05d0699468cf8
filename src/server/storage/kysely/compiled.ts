import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './engine';

type Build<Row> = (values: readonly unknown[]) => Compilable<Row>;

/**
 * Hot queries built and compiled once per shape, then run with each call's values: building and
 * compiling a Kysely query costs several times what SQLite takes to answer a small one. A shape is
 * the caller's key for what the query's text depends on (which filters, how many ids); `build`
 * gets stand-ins for the values the first time, so it must pass each value to the query as given
 * (no arithmetic on it), and an inlined value (a literal) belongs in the key.
 */
export function compiledQueries() {
  const byShape = new Map<string, { query: CompiledQuery; positions: number[] }>();
  /** The query of `shape` with `values` bound: for engine.arrays, which reads rows as arrays. */
  const compiled = <Row>(shape: string, values: readonly unknown[], build: Build<Row>): CompiledQuery<Row> => {
    let known = byShape.get(shape);
    if (!known) {
      const standIns = values.map((_, index) => `\u0000value ${index}\u0000`);
      const query = build(standIns).compile();
      const positions = query.parameters.map((parameter) => standIns.indexOf(parameter as string));
      if (positions.includes(-1)) throw new Error(`query shape ${shape}: a parameter is not one of the values given`);
      known = { query, positions };
      byShape.set(shape, known);
    }
    const { query, positions } = known;
    return { ...query, parameters: positions.map((position) => values[position]) } as CompiledQuery<Row>;
  };
  const run = async <Row>(on: Db, shape: string, values: readonly unknown[], build: Build<Row>): Promise<Row[]> =>
    (await on.executeQuery<Row>(compiled(shape, values, build))).rows;
  return Object.assign(run, { compiled });
}
