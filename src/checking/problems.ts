/** One finding of the content check: where, what, and how to fix it. */
export interface Problem {
  /** A note tells the editor what will happen (an article scheduled for later): it never blocks, nor counts as a warning. */
  severity: 'error' | 'warning' | 'note';
  /** The file at fault, relative to where the command was run. */
  file: string;
  /** The field or rule, e.g. "titulo" or "body: <script>". */
  field: string;
  message: string;
  hint: string;
}

export const error = (file: string, field: string, message: string, hint: string): Problem => ({
  severity: 'error',
  file,
  field,
  message,
  hint,
});

export const warning = (file: string, field: string, message: string, hint: string): Problem => ({
  severity: 'warning',
  file,
  field,
  message,
  hint,
});

export const note = (file: string, field: string, message: string, hint: string): Problem => ({
  severity: 'note',
  file,
  field,
  message,
  hint,
});

export const hasErrors = (problems: readonly Problem[]) => problems.some((p) => p.severity === 'error');

/** How the terminal names each kind of problem (pt-BR, as editors read it). */
export const SEVERITY: Record<Problem['severity'], string> = { error: 'ERRO', warning: 'AVISO', note: 'NOTA' };

/** "1 erro, 2 avisos". */
export const countProblems = (errors: number, warnings: number) =>
  `${errors} ${errors === 1 ? 'erro' : 'erros'}, ${warnings} ${warnings === 1 ? 'aviso' : 'avisos'}`;

/** The field or rule as an editor reads it: the body is "texto" (index.md has no field of that name), a path "caminho". */
export const fieldLabel = (field: string) => field.replace(/^body\b/, 'texto').replace(/^path$/, 'caminho');

/** Every problem, one per line, grouped by file, for the terminal. */
export function formatProblems(problems: readonly Problem[]): string {
  const byFile = new Map<string, Problem[]>();
  for (const problem of problems) byFile.set(problem.file, [...(byFile.get(problem.file) ?? []), problem]);
  const lines: string[] = [];
  for (const [file, list] of byFile) {
    lines.push(file);
    for (const p of list)
      lines.push(
        `  ${SEVERITY[p.severity]} [${fieldLabel(p.field)}] ${p.message}\n      ${p.severity === 'note' ? 'saiba mais' : 'como corrigir'}: ${p.hint}`,
      );
  }
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.filter((p) => p.severity === 'warning').length;
  lines.push(countProblems(errors, warnings));
  return lines.join('\n');
}
