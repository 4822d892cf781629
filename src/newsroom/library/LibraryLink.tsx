/** "Escolher da biblioteca" beside an image picker of the draft form: a plain link, so it works on any phone and without JavaScript. */
export function LibraryLink({ href }: { href: string | undefined }) {
  if (!href) return null;
  return (
    <p className="nr-library-links">
      <a className="nr-button" href={href}>
        Escolher da biblioteca
      </a>
    </p>
  );
}
