/**
 * Statements are written with better-sqlite3's parameters (`?` in order, or `@name` from an
 * object); PostgreSQL numbers them (`$1`). This rewrites a statement once, when it is prepared,
 * skipping string literals, quoted identifiers and comments, and says how to lay out the values.
 * `:name` and `$name` are not taken (PostgreSQL's `::type` casts look like the first), and
 * neither are PostgreSQL's jsonb `?` operators: a statement for PostgreSQL avoids them.
 */
export interface Placeholders {
  text: string;
  /** Names in `$n` order for a statement with `@name` parameters; empty for `?` ones. */
  names: string[];
  /** How many `?` the statement has (0 with named parameters). */
  positional: number;
}

export function numberPlaceholders(sql: string): Placeholders {
  let out = '';
  const names: string[] = [];
  let positional = 0;
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    const skipTo = skipEnd(sql, i);
    if (skipTo > i) {
      out += sql.slice(i, skipTo);
      i = skipTo;
      continue;
    }
    if (c === '?') {
      positional++;
      out += `$${positional}`;
      i++;
      continue;
    }
    if (c === '@') {
      const match = /^@([A-Za-z_][A-Za-z0-9_]*)/.exec(sql.slice(i));
      if (match) {
        const name = match[1]!;
        let index = names.indexOf(name);
        if (index < 0) index = names.push(name) - 1;
        out += `$${index + 1}`;
        i += match[0].length;
        continue;
      }
    }
    out += c;
    i++;
  }
  if (positional && names.length)
    throw new Error(`A statement mixes ? and @name parameters: ${sql.slice(0, 80)}`);
  return { text: out, names, positional };
}

/** Where a literal, quoted identifier or comment starting at `i` ends (`i` when none starts). */
function skipEnd(sql: string, i: number): number {
  const c = sql[i];
  if (c === "'" || c === '"') {
    let j = i + 1;
    for (;;) {
      const end = sql.indexOf(c, j);
      if (end < 0) return sql.length;
      // A doubled quote is the quote itself, inside the literal.
      if (sql[end + 1] === c) j = end + 2;
      else return end + 1;
    }
  }
  if (c === '-' && sql[i + 1] === '-') {
    const end = sql.indexOf('\n', i);
    return end < 0 ? sql.length : end + 1;
  }
  if (c === '/' && sql[i + 1] === '*') {
    const end = sql.indexOf('*/', i + 2);
    return end < 0 ? sql.length : end + 2;
  }
  // A dollar-quoted body ($$ … $$ or $tag$ … $tag$), as plpgsql functions are written.
  if (c === '$') {
    const match = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
    if (match) {
      const end = sql.indexOf(match[0], i + match[0].length);
      return end < 0 ? sql.length : end + match[0].length;
    }
  }
  return i;
}

/** The values of one call, in `$n` order. */
export function bindValues(placeholders: Placeholders, params: unknown[]): unknown[] {
  if (!placeholders.names.length) return params;
  const named = params[0];
  if (params.length !== 1 || typeof named !== 'object' || named === null || Array.isArray(named))
    throw new Error('A statement with @name parameters takes one object of values');
  return placeholders.names.map((name) => {
    if (!(name in named)) throw new Error(`Missing named parameter '${name}'`);
    return (named as Record<string, unknown>)[name];
  });
}
