import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from '@/shared/ui/icons';
import { INPUT_MAX } from '../rules';

/** A password field with its show/hide toggle. */
export function PasswordInput({
  label,
  value,
  onChange,
  autoComplete,
  placeholder = `请输入${label}`,
}: {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="auth-field">
      <input
        className="auth-input"
        type={visible ? 'text' : 'password'}
        aria-label={label}
        placeholder={placeholder}
        maxLength={INPUT_MAX}
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <button
        type="button"
        className="icon-button auth-eye"
        aria-label={visible ? `隐藏${label}` : `显示${label}`}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeIcon /> : <EyeOffIcon />}
      </button>
    </div>
  );
}
