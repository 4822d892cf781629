/** Cards per page of the 'Postagens' grid: 8 rows of the 3-column layout. */
export const PAGE_SIZE = 24;

export interface Pagination {
  page: number;
  pageCount: number;
  start: number;
  end: number;
}

/**
 * The slice of a list of `total` items shown on `page` (1-based), or null when
 * there is no such page. Page 1 always exists, even for an empty list.
 */
export function paginate(total: number, page: number, size = PAGE_SIZE): Pagination | null {
  const pageCount = Math.max(1, Math.ceil(total / size));
  if (!Number.isInteger(page) || page < 1 || page > pageCount) return null;
  const start = (page - 1) * size;
  return { page, pageCount, start, end: Math.min(total, start + size) };
}
