import { BRAND_DRAWING } from './brand-drawing';

const { viewBox, house, roof } = BRAND_DRAWING;

/** The brand mark, inline so the header needs no extra request. */
function BrandMark() {
  return (
    <svg className="brand-mark" viewBox={viewBox} width="34" height="34" aria-hidden="true" focusable="false">
      <path fill={house.fill} fillRule="evenodd" d={house.d} />
      <path fill="none" stroke={roof.stroke} strokeWidth={roof.width} strokeLinecap="round" strokeLinejoin="round" d={roof.d} />
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
