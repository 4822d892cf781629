import { THEMES, type ThemeSlug } from '../content/schema/themes';
import { collectionPath } from '../seo/urls';

/** The hashtag badges, each a link to its theme's page: the home page's hero and an article's themes. */
export function ThemeLinks({ themes, label, className = '' }: { themes: readonly ThemeSlug[]; label: string; className?: string }) {
  if (themes.length === 0) return null;
  return (
    <ul className={`hashtags ${className}`.trim()} aria-label={label}>
      {themes.map((slug) => (
        <li key={slug}>
          <a className="hashtag" href={collectionPath('tema', slug)}>
            {`#${THEMES[slug].tag}`}
          </a>
        </li>
      ))}
    </ul>
  );
}
