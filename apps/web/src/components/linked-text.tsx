import type { CSSProperties, ReactNode } from 'react';

/** A plain text with its `http(s)://` links made clickable (opened in a new tab), as chat apps show them. */
export function withLinks(text: string, style?: CSSProperties): ReactNode[] {
  return text.split(/(https?:\/\/[^\s]+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
      <a key={i} href={part} target="_blank" rel="noopener noreferrer" style={style}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}
