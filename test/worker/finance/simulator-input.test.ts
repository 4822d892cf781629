import { describe, expect, it } from 'vitest';
import { toolCacheKeyPart } from '#src/finance/cache-key.ts';
import { parseReaderNumber } from '#src/finance/reader-number.ts';
import { formValues, parseSimulatorQuery, simulatorQuery } from '#src/finance/simulator-input.ts';

const FULL = 'valor=500000&entrada=100000&juros=11.5&prazo=30&unidade=anos&sistema=ambos';

describe('numbers as a reader types them', () => {
  it.each([
    ['1.234.567,89', 1_234_567.89],
    ['1234567,89', 1_234_567.89],
    ['1234567.89', 1_234_567.89],
    ['500.000', 500_000],
    ['R$ 500.000,00', 500_000],
    ['R$\u00a0450 mil', 450_000],
    ['1,2 milhão', 1_200_000],
    ['2 milhões', 2_000_000],
    ['  300000 ', 300_000],
    ['0', 0],
  ])('reads "%s" as %d', (text, value) => {
    expect(parseReaderNumber(text)).toEqual({ ok: true, value });
  });

  it("reads a rate's dot as decimal, and a trailing %", () => {
    expect(parseReaderNumber('11.500', { dotIsDecimal: true })).toEqual({ ok: true, value: 11.5 });
    expect(parseReaderNumber('11,5%', { dotIsDecimal: true })).toEqual({ ok: true, value: 11.5 });
    expect(parseReaderNumber('11.500')).toEqual({ ok: true, value: 11_500 });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['-5', 'negative'],
    ['−5', 'negative'],
    ['abc', 'not-a-number'],
    ['12.34,5', 'not-a-number'],
    ['1,2,3', 'not-a-number'],
    ['1e6', 'not-a-number'],
    ['0x10', 'not-a-number'],
    ['Infinity', 'not-a-number'],
  ])('refuses "%s" (%s)', (text, reason) => {
    expect(parseReaderNumber(text)).toEqual({ ok: false, reason });
  });
});

describe('the simulator query', () => {
  it("is empty without any of the form's fields, tracking parameters or not", () => {
    expect(parseSimulatorQuery('')).toEqual({ kind: 'empty' });
    expect(parseSimulatorQuery('?utm_source=news&fbclid=abc')).toEqual({ kind: 'empty' });
  });

  it('reads a full form, in pt-BR or plain numbers alike, to the same normalized query', () => {
    const forms = [
      FULL,
      'valor=500.000&entrada=100.000&juros=11,5&prazo=30&unidade=anos&sistema=ambos',
      'sistema=AMBOS&valor=R%24+500+mil&entrada=R%24+100.000%2C00&juros=11%2C50%25&prazo=30&unidade=anos&utm_source=x',
    ];
    for (const form of forms) {
      const query = parseSimulatorQuery(form);
      expect(query.kind, form).toBe('valid');
      if (query.kind === 'valid') expect(simulatorQuery(query.input), form).toBe(FULL);
    }
  });

  it('keeps centavos and four decimals of the rate in the normalized query, and shows them as a reader writes them', () => {
    const query = parseSimulatorQuery('valor=450.000,5&entrada=0&juros=9,8765&prazo=420&unidade=meses&sistema=price');
    expect(query.kind).toBe('valid');
    if (query.kind !== 'valid') return;
    expect(simulatorQuery(query.input)).toBe('valor=450000.50&entrada=0&juros=9.8765&prazo=420&unidade=meses&sistema=price');
    expect(formValues(query.input)).toEqual({
      valor: '450.000,50',
      entrada: '0',
      juros: '9,8765',
      prazo: '420',
      unidade: 'meses',
      sistema: 'price',
    });
  });

  it('takes meses and ambos when a hand-written link leaves unidade and sistema empty', () => {
    const query = parseSimulatorQuery('valor=500000&entrada=0&juros=10&prazo=360&unidade=&sistema=');
    expect(query.kind === 'valid' && [query.input.unit, query.input.system]).toEqual(['meses', 'ambos']);
  });

  it('accepts a down payment equal to the price (nothing to finance) and a rate of 0', () => {
    expect(parseSimulatorQuery('valor=500000&entrada=500000&juros=0&prazo=1&unidade=meses&sistema=sac').kind).toBe('valid');
  });

  const errorsOf = (search: string) => {
    const query = parseSimulatorQuery(search);
    expect(query.kind, search).toBe('invalid');
    return query.kind === 'invalid' ? query.errors : {};
  };

  it('gives a pt-BR message per refused field', () => {
    expect(errorsOf('valor=&entrada=-1&juros=abc&prazo=0&unidade=semanas&sistema=outro')).toEqual({
      valor: 'Informe o valor do imóvel.',
      entrada: 'O valor não pode ser negativo.',
      juros: 'Não entendemos este número. Use só números, como 11,5.',
      // With no valid unit, the term is checked in months.
      prazo: 'Informe um número inteiro de 1 a 420 meses (35 anos).',
      unidade: 'Escolha meses ou anos.',
      sistema: 'Escolha SAC, Price ou os dois.',
    });
  });

  it('refuses absurd values with the allowed range', () => {
    const errors = errorsOf('valor=999&entrada=2000&juros=31&prazo=36&unidade=anos&sistema=sac');
    expect(errors.valor).toBe('Informe um valor entre R$ 1.000 e R$ 100.000.000.');
    expect(errors.juros).toBe('Informe uma taxa de 0 a 30% ao ano.');
    expect(errors.prazo).toBe('Informe um número inteiro de 1 a 35 anos.');
    expect(errorsOf('valor=1e300&entrada=0&juros=1&prazo=421&unidade=meses&sistema=sac')).toMatchObject({
      valor: expect.stringContaining('Não entendemos'),
      prazo: 'Informe um número inteiro de 1 a 420 meses (35 anos).',
    });
    expect(errorsOf('valor=200000000&entrada=0&juros=1&prazo=12,5&unidade=meses&sistema=sac')).toMatchObject({
      valor: 'Informe um valor de até R$ 100.000.000.',
      prazo: expect.stringContaining('número inteiro'),
    });
  });

  it('refuses a down payment above the price, and a third decimal of a centavo', () => {
    expect(errorsOf('valor=100000&entrada=100000,01&juros=10&prazo=10&unidade=anos&sistema=sac')).toEqual({
      entrada: 'A entrada não pode ser maior que o valor do imóvel.',
    });
    expect(errorsOf('valor=100000,123&entrada=0&juros=10&prazo=10&unidade=anos&sistema=sac')).toEqual({
      valor: 'Use no máximo duas casas decimais (centavos).',
    });
  });

  it('refuses a field given twice, and a field over 40 characters (not echoed back)', () => {
    expect(errorsOf(`${FULL}&valor=600000`)).toEqual({ valor: expect.stringContaining('mais de uma vez') });
    const query = parseSimulatorQuery(FULL.replace('valor=500000', `valor=${'9'.repeat(41)}`));
    expect(query).toMatchObject({ kind: 'invalid', errors: { valor: 'Use no máximo 40 caracteres.' }, values: { valor: '' } });
  });

  it('refuses a query over 2 KB as a whole, whatever its parameters', () => {
    const query = parseSimulatorQuery(`${FULL}&utm_content=${'x'.repeat(10_240)}`);
    expect(query).toEqual({ kind: 'invalid', values: {}, errors: {}, tooLong: true });
  });

  it('reads the later year shown open (ano), from 2 to the last year, and ignores any other', () => {
    const yearOf = (search: string) => {
      const query = parseSimulatorQuery(search);
      return query.kind === 'valid' ? query.year : 'not valid';
    };
    expect(yearOf(FULL)).toBeNull();
    expect(yearOf(`${FULL}&ano=2`)).toBe(2);
    expect(yearOf(`${FULL}&ano=+07+`)).toBe(7);
    expect(yearOf(`${FULL}&ano=30`)).toBe(30);
    for (const year of ['', '1', '31', '0', '-2', '2.0', '2,5', 'dois', '1e1', '0x2', '9999', '5&ano=6'])
      expect(yearOf(`${FULL}&ano=${year}`), year).toBeNull();
    // A term in months: its last, shorter year counts (18 months: 2 years).
    expect(yearOf('valor=500000&entrada=0&juros=10&prazo=18&unidade=meses&sistema=sac&ano=2')).toBe(2);
    expect(yearOf('valor=500000&entrada=0&juros=10&prazo=12&unidade=meses&sistema=sac&ano=2')).toBeNull();
    // The year alone is no simulation.
    expect(parseSimulatorQuery('ano=2')).toEqual({ kind: 'empty' });
  });

  it('survives malformed percent-encoding', () => {
    expect(parseSimulatorQuery('valor=%ZZ&entrada=%&juros=%E9&prazo=1&unidade=anos&sistema=sac').kind).toBe('invalid');
  });
});

describe('the simulator cache key part', () => {
  it('is empty for other pages and for the empty form, the normalized query for a simulation', () => {
    expect(toolCacheKeyPart('/busca', `?${FULL}`)).toBe('');
    expect(toolCacheKeyPart('/simulador-de-financiamento', '?utm_source=x')).toBe('');
    expect(
      toolCacheKeyPart('/simulador-de-financiamento', '?valor=500.000&entrada=100.000&juros=11,5&prazo=30&unidade=anos&sistema=ambos'),
    ).toBe(`?${FULL}`);
    expect(toolCacheKeyPart('/simulador-de-financiamento', '?valor=x')).toBe('?invalida');
    expect(toolCacheKeyPart('/simulador-de-financiamento', `?ano=04&${FULL}&utm_source=x`)).toBe(`?${FULL}&ano=4`);
    expect(toolCacheKeyPart('/simulador-de-financiamento', `?${FULL}&ano=40`)).toBe(`?${FULL}`);
  });
});
