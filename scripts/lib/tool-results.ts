/**
 * Each reader's tool at its largest ordinary result: the simulator's 30-year
 * schedule of both systems, a 30-year rent-or-buy comparison (30 yearly rows,
 * the chart) and the costs of buying with the SFH's first-home rules. The
 * bench measures them, the audit checks them, and the page tests hold them to
 * the first round trip: one set of addresses for all.
 */
export const SIMULATION_30_YEARS = '/simulador-de-financiamento?valor=500000&entrada=100000&juros=11&prazo=30&unidade=anos&sistema=ambos';

export const RENT_OR_BUY_30_YEARS =
  '/alugar-ou-comprar?valor=500000&aluguel=2500&entrada=100000&juros=11.5&prazo=30&sistema=sac&reajuste=4.5&valorizacao=4.5&rendimento=8&condominio=600&iptu=150&encargos=ambos&horizonte=30';

export const COSTS_OF_BUYING = '/custos-da-compra?valor=500000&financiado=400000&cidade=sao-paulo&sfh=sim&avaliacao=3500&tarifas=1000';
