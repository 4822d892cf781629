/** The brand's house-roof mark, inline so the header needs no extra request. */
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#0f5c5a" />
      <path d="M6 16.5 16 8l10 8.5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M10 15v9h12v-9" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinejoin="round" />
      <rect x="14" y="18" width="4" height="6" fill="#e07a5f" />
    </svg>
  );
}
