/** Vite's build manifest, aliased per tool (wrangler.toml, vite.config.ts, vitest.config.ts). */
declare module '@client/manifest' {
  const manifest: Record<string, { file: string; css?: string[] }>;
  export default manifest;
}
