import { resourceMissing } from '../errors';

/**
 * The three ways a domain reads one of its resources by id: the stored row, the API JSON as
 * stored (sent to the socket as is), and that JSON parsed. An unknown id is 404 resource_missing.
 */
export function resourceReader<Row, Shape>(
  kind: string,
  rowOf: (id: string) => Promise<Row | undefined>,
  jsonOf: (id: string) => Promise<string | undefined>,
) {
  async function row(id: string): Promise<Row> {
    const found = await rowOf(id);
    if (!found) throw resourceMissing(kind, id);
    return found;
  }
  async function getJson(id: string): Promise<string> {
    const json = await jsonOf(id);
    if (json === undefined) throw resourceMissing(kind, id);
    return json;
  }
  return {
    row,
    getJson,
    get: async (id: string): Promise<Shape> => JSON.parse(await getJson(id)) as Shape,
  };
}
