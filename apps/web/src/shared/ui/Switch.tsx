import type { InputHTMLAttributes } from 'react';
import './switch.css';

/** An on/off setting: a native checkbox drawn as a switch (switch.css), named by the row's label. */
export function Switch({
  checked,
  onChange,
  ...input
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role' | 'className' | 'checked' | 'onChange'>) {
  return (
    <input
      type="checkbox"
      role="switch"
      className="app-switch"
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      {...input}
    />
  );
}
