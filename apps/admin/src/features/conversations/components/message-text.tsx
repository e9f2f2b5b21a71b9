import { linkParts } from '../link-parts';

/**
 * A message's text as plain text (never as HTML), its http(s) addresses as links opening in a new
 * tab without handing it this window (rel noopener noreferrer).
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, index) =>
        part.kind === 'link' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one unchanging text, in order.
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one unchanging text, in order.
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
