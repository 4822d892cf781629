import type { Author } from '../content/schema/authors';
import { thumbnailPath } from '../seo/urls';

/** Up to two capitals of a name: what stands in for an author without a photo. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
}

/**
 * An author's photo, or their initials in a circle; decorative (the name is
 * always beside it), so it never takes bandwidth from the page's main image:
 * lazy, and at low priority even when it is in view at once.
 */
export function AuthorAvatar({ author, size }: { author: Author; size: 44 | 96 }) {
  const className = size === 96 ? 'author-avatar author-avatar-large' : 'author-avatar';
  if (author.foto !== undefined) {
    return (
      <img
        className={className}
        src={thumbnailPath(author.foto)}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        fetchPriority="low"
      />
    );
  }
  return (
    <span className={className} aria-hidden="true">
      {initials(author.nome)}
    </span>
  );
}
