import type { InputHTMLAttributes, ReactNode } from 'react';
import { FormField, type FieldClasses } from '@/shared/ui/FormField';

/** The look of a wallet form's rows (wallet.css). */
export const WALLET_FIELD: FieldClasses = {
  field: 'wallet-field',
  label: 'wallet-field-label',
  control: 'wallet-field-input',
  input: 'wallet-input',
};

/** A labelled text input of a wallet form (no autofill: amounts, accounts and passwords typed each time). */
export function Field({
  label,
  extra,
  ...input
}: { label: string; extra?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return <FormField label={label} extra={extra} classes={WALLET_FIELD} autoComplete="off" {...input} />;
}
