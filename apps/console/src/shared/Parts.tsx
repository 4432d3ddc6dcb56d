import { Fragment } from 'react';

/**
 * Parts of one line joined by ' · ', each kept whole: a long rule wraps between its parts, never
 * inside one (最低存款 and its amount stay together). The element's text is the joined line.
 */
export function Parts({ parts }: { parts: readonly string[] }) {
  return (
    <span className="parts">
      {parts.map((p, i) => (
        <Fragment key={p}>
          {i > 0 && ' · '}
          <span style={{ whiteSpace: 'nowrap' }}>{p}</span>
        </Fragment>
      ))}
    </span>
  );
}
