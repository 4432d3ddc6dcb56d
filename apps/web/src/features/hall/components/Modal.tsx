import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A small modal dialog (no animation library): a title, the content and one closing button; Escape
 * and a tap on the backdrop close it too. Focus moves to the closing button when it opens.
 */
export function Modal({
  title,
  children,
  onClose,
  closeText = '我知道了',
  titleShown = true,
}: {
  title: string;
  /** false: the content brings its own heading; the title then only names the dialog. */
  titleShown?: boolean;
  children: ReactNode;
  onClose: () => void;
  closeText?: string;
}) {
  const titleId = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="home-modal-mask" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="home-modal" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className={titleShown ? 'home-modal-title' : 'visually-hidden'}>
          {title}
        </h2>
        <div className="home-modal-body">{children}</div>
        <button ref={button} type="button" className="home-modal-button" onClick={onClose}>
          {closeText}
        </button>
      </div>
    </div>
  );
}
