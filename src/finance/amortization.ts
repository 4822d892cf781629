/**
 * The financing simulator's arithmetic (docs/product.md §2, "Financing
 * simulator"): the two amortization systems Brazilian mortgages use, to the
 * centavo. Every amount here is a whole number of centavos, so sums never
 * drift; a rate is a plain fraction (0.01 for 1%). No I/O, no formatting.
 */

export type AmortizationSystem = 'sac' | 'price';

/** One month of a schedule, in centavos. `instalment` is always `interest + amortization`. */
export interface ScheduleRow {
  /** 1 for the first instalment. */
  month: number;
  instalment: number;
  interest: number;
  amortization: number;
  /** What is still owed after this instalment: 0 after the last one, exactly. */
  balance: number;
}

export interface Schedule {
  system: AmortizationSystem;
  /** The amount financed, in centavos. */
  principal: number;
  monthlyRate: number;
  /** One row per month; empty when nothing is financed. */
  rows: ScheduleRow[];
  totalPaid: number;
  totalInterest: number;
}

/**
 * The monthly rate equivalent to an annual effective rate: (1 + a)^(1/12) − 1,
 * so that twelve months compounded give exactly the annual rate (12% a.a. is
 * about 0.9489% a.m., not 1%). Banks quote mortgage rates as "taxa efetiva
 * anual"; dividing by 12 would give the nominal rate, a different contract.
 */
export function monthlyRateFromAnnual(annualRate: number): number {
  return (1 + annualRate) ** (1 / 12) - 1;
}

/**
 * Price (French) system: the fixed instalment PMT = PV · i / (1 − (1 + i)^−n),
 * rounded to the centavo; PV / n when the rate is 0 (the limit of the formula,
 * which would divide by zero).
 */
export function priceInstalment(principal: number, monthlyRate: number, months: number): number {
  if (monthlyRate === 0) return Math.round(principal / months);
  return Math.round((principal * monthlyRate) / (1 - (1 + monthlyRate) ** -months));
}

/** SAC: the same share of the principal is repaid every month, PV / n, rounded to the centavo. */
function sacAmortization(principal: number, months: number): number {
  return Math.round(principal / months);
}

/**
 * A month-by-month schedule, every amount rounded to the centavo, each row
 * consistent (instalment = interest + amortization; balance = the previous
 * balance − amortization) and the balance exactly 0 after the last month.
 *
 * - SAC: the amortization is PV / n rounded, every month; interest is the
 *   balance shown times the monthly rate, rounded. The last month repays the
 *   balance left, absorbing the centavos the rounded amortization left over
 *   (at most n/2 centavos: the rounding does not compound).
 * - Price: every instalment but the last is PMT rounded to the centavo.
 *   The balance shown each month is the exact balance, PV·(1+i)^k − PMT·((1+i)^k − 1)/i,
 *   rounded; the amortization is the difference of two balances, and interest
 *   the rest of the instalment, so it is within a centavo of balance × rate. The
 *   last month repays the balance left with its interest (PMT, give or take a
 *   centavo or two at the rates people borrow at).
 *   Why not round month by month from the rounded balance, as a naive sheet
 *   does: each month's rounding is then carried into the next month's interest
 *   and compounds at (1+i)^n; at 11% a.a. over 420 months on R$ 12.251 that
 *   left the last instalment 17.8% away from the others.
 * - Rate 0: both systems repay PV / n a month with no interest (SAC's rule).
 *
 * @example schedule('price', 10_000_000, 0.01, 12).rows[0].instalment // 888488 (R$ 8.884,88)
 */
export function schedule(system: AmortizationSystem, principal: number, monthlyRate: number, months: number): Schedule {
  if (!Number.isSafeInteger(principal) || principal < 0) throw new RangeError(`principal must be whole centavos ≥ 0, got ${principal}`);
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`months must be a whole number ≥ 1, got ${months}`);
  if (!Number.isFinite(monthlyRate) || monthlyRate < 0) throw new RangeError(`monthly rate must be ≥ 0, got ${monthlyRate}`);
  const rows =
    principal === 0
      ? []
      : system === 'price' && monthlyRate > 0
        ? priceRows(principal, monthlyRate, months)
        : sacRows(principal, monthlyRate, months);
  let totalPaid = 0;
  let totalInterest = 0;
  for (const row of rows) {
    totalPaid += row.instalment;
    totalInterest += row.interest;
  }
  return { system, principal, monthlyRate, rows, totalPaid, totalInterest };
}

function sacRows(principal: number, monthlyRate: number, months: number): ScheduleRow[] {
  const amortization = sacAmortization(principal, months);
  const rows: ScheduleRow[] = [];
  let balance = principal;
  for (let month = 1; month <= months; month++) {
    const interest = Math.round(balance * monthlyRate);
    // Rounded up, n amortizations could repay a little early: never more than is owed.
    const repaid = month === months ? balance : Math.min(amortization, balance);
    balance -= repaid;
    rows.push({ month, instalment: interest + repaid, interest, amortization: repaid, balance });
  }
  return rows;
}

function priceRows(principal: number, monthlyRate: number, months: number): ScheduleRow[] {
  const exactInstalment = (principal * monthlyRate) / (1 - (1 + monthlyRate) ** -months);
  const instalment = Math.round(exactInstalment);
  const rows: ScheduleRow[] = [];
  let balance = principal;
  let growth = 1;
  for (let month = 1; month <= months; month++) {
    growth *= 1 + monthlyRate;
    const exactBalance = principal * growth - (exactInstalment * (growth - 1)) / monthlyRate;
    // Kept between "nothing repaid" and "the whole instalment repaid", so interest is never negative
    // (at a rate near 0 the exact balance's rounding can exceed the month's interest).
    if (month === months) {
      // The last month repays what is left with its own interest: within a centavo or two of PMT.
      const interest = Math.round(balance * monthlyRate);
      rows.push({ month, instalment: balance + interest, interest, amortization: balance, balance: 0 });
      break;
    }
    const next = Math.min(balance, Math.max(balance - instalment, Math.round(exactBalance)));
    const amortization = balance - next;
    rows.push({ month, instalment, interest: instalment - amortization, amortization, balance: next });
    balance = next;
  }
  return rows;
}

/** One year of a schedule, for the table's yearly rows: months 12y − 11 to 12y (fewer in a last, partial year). */
export interface ScheduleYear {
  year: number;
  rows: ScheduleRow[];
  paid: number;
  interest: number;
  amortization: number;
  /** The balance after the year's last instalment. */
  balance: number;
}

/** The rows grouped by contract year (year 1 is instalments 1 to 12). */
export function scheduleYears(rows: readonly ScheduleRow[]): ScheduleYear[] {
  const years: ScheduleYear[] = [];
  for (let start = 0; start < rows.length; start += 12) {
    const part = rows.slice(start, start + 12);
    years.push({
      year: start / 12 + 1,
      rows: part,
      paid: part.reduce((sum, row) => sum + row.instalment, 0),
      interest: part.reduce((sum, row) => sum + row.interest, 0),
      amortization: part.reduce((sum, row) => sum + row.amortization, 0),
      balance: part.at(-1)!.balance,
    });
  }
  return years;
}
