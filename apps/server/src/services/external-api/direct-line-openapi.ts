import { DIRECT_LINE_PATH } from '@parley/contracts';
import description from './direct-line.openapi.json';

/** The OpenAPI 3 description of the Direct Line channel, its server being this installation's endpoint. */
export function directLineOpenApi(publicUrl: string) {
  return { ...description, servers: [{ url: `${publicUrl.replace(/\/+$/, '')}${DIRECT_LINE_PATH}` }] };
}

/** The paths and methods the description declares (what the tests check the server has). */
export function describedOperations(): Array<{ method: string; path: string }> {
  return Object.entries(description.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({
      method: method.toUpperCase(),
      path: `${DIRECT_LINE_PATH}${path}`,
    })),
  );
}
