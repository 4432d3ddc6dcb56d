import type { InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';

/** A labelled text input of a wallet form. */
export function Field({
  label,
  extra,
  ...input
}: { label: string; extra?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="wallet-field">
      <label className="wallet-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="wallet-field-input">
        <input id={id} className="wallet-input" autoComplete="off" {...input} />
        {extra}
      </div>
    </div>
  );
}
