import { describe, expect, it } from 'vitest';
import { sveltiaFile, sveltiaScript } from '../../../scripts/studio/sveltia-files.ts';

describe("Sveltia's files, served offline", () => {
  it('point every CDN address of the script at the studio', () => {
    const script = sveltiaScript().toString('utf8');
    expect(script).not.toContain('https://unpkg.com/@sveltia/cms');
    expect(script).not.toContain('https://cdn.jsdelivr.net/fontsource');
    expect(script).not.toContain('https://www.githubstatus.com/api');
    expect(script).toContain('/sveltia/fonts/material-symbols-outlined-latin-wght-normal.woff2');
  });

  it('answer the translations, the fonts and the chunks from node_modules, and nothing outside it', () => {
    const ptBr = sveltiaFile('cdn@0.221.1/locales/pt-BR.json');
    expect(JSON.parse(ptBr!.body.toString('utf8')).work_with_local_repo).toBe('Trabalhar com Repositório Local');
    expect(sveltiaFile('fonts/source-sans-3-latin-wght-normal.woff2')?.type).toBe('font/woff2');
    expect(sveltiaFile('chunks/react-dom.js')?.type).toContain('javascript');
    expect(sveltiaFile('cdn/../../package.json')).toBeNull();
    expect(sveltiaFile('chunks/../../../../package.json')).toBeNull();
    expect(sveltiaFile('fonts/other.woff2')).toBeNull();
  });
});
