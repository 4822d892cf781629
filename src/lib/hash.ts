/**
 * FNV-1a, 32 bits: a small, stable string hash. The worker and the publish
 * command must agree on it (slug shards), and related picks seed from it.
 */
export function fnv1a(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
