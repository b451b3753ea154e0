import { resourceMissing } from '../errors';

/**
 * The three ways a domain reads one of its resources by id: the stored row, the API JSON as
 * stored (sent to the socket as is), and that JSON parsed. An unknown id is 404 resource_missing.
 */
export function resourceReader<Row, Shape>(
  kind: string,
  rowOf: (id: string) => Row | undefined,
  jsonOf: (id: string) => string | undefined,
) {
  function row(id: string): Row {
    const found = rowOf(id);
    if (!found) throw resourceMissing(kind, id);
    return found;
  }
  function getJson(id: string): string {
    const json = jsonOf(id);
    if (json === undefined) throw resourceMissing(kind, id);
    return json;
  }
  return { row, getJson, get: (id: string): Shape => JSON.parse(getJson(id)) as Shape };
}
