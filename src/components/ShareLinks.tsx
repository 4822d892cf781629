/**
 * Where a reader can share an article: plain links to each service's own
 * share page, opened only when clicked. No button script and no widget, so
 * nothing is requested from those services before a reader chooses one
 * (the consent rules apply to ads; this keeps social sites out entirely).
 */
const SERVICES: readonly { name: string; label: string; newTab: boolean; href: (url: string, title: string) => string }[] = [
  {
    name: 'WhatsApp',
    label: 'Compartilhar no WhatsApp (abre em nova aba)',
    newTab: true,
    href: (url, title) => `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
  },
  {
    name: 'Facebook',
    label: 'Compartilhar no Facebook (abre em nova aba)',
    newTab: true,
    href: (url) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  },
  {
    name: 'X',
    label: 'Compartilhar no X (abre em nova aba)',
    newTab: true,
    href: (url, title) => `https://x.com/intent/post?text=${encodeURIComponent(title)}&url=${encodeURIComponent(url)}`,
  },
  {
    name: 'LinkedIn',
    label: 'Compartilhar no LinkedIn (abre em nova aba)',
    newTab: true,
    href: (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
  },
  {
    name: 'E-mail',
    label: 'Compartilhar por e-mail',
    newTab: false,
    href: (url, title) => `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`,
  },
];

/** The share links of an article at `url` (absolute, canonical) titled `title`. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  return (
    <div className="share">
      <p className="share-label" aria-hidden="true">
        Compartilhe:
      </p>
      <ul aria-label="Compartilhar esta notícia">
        {SERVICES.map(({ name, label, newTab, href }) => (
          <li key={name}>
            <a
              className="share-link"
              href={href(url, title)}
              {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              aria-label={label}
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
