/**
 * What the public test chat's address holds: the link id (`?id=`) and, when the designer opened
 * it with 'Open testlink', a pass in the fragment (`#pass=`).
 */
export function linkFromLocation(
  search: string,
  hash: string,
): { linkId: string | null; pass: string | null } {
  const linkId = new URLSearchParams(search).get('id')?.trim() || null;
  const pass = new URLSearchParams(hash.replace(/^#/, '')).get('pass') || null;
  return { linkId, pass };
}
