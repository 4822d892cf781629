/** The brand mark (the same drawing as assets/favicon.svg), inline so the header needs no extra request. */
function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 64 64" width="34" height="34" aria-hidden="true" focusable="false">
      <path
        fill="#0f5c5a"
        fillRule="evenodd"
        d="M12 29 32 12l20 17v20a4 4 0 0 1-4 4H29l-9 8v-8h-4a4 4 0 0 1-4-4Zm22 24v-9a4 4 0 0 1 8 0v9Z"
      />
      <path fill="none" stroke="#c8553d" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" d="M6 32 32 10l26 22" />
    </svg>
  );
}

/** The brand, mark and name, linking to the home page: the header's and the footer's. */
export function BrandLink({ name }: { name: string }) {
  return (
    <a className="brand" href="/">
      <BrandMark />
      <span className="brand-name">{name}</span>
    </a>
  );
}
