import { getLoadablePath } from 'sqlite-vec';

/** Where sqlite-vec's loadable extension is, for the SQLite connection to load (vec_distance_cosine). */
export function sqliteVectorExtensionPath(): string {
  return getLoadablePath();
}
