import type { FieldClasses } from '@/shared/ui/FormField';

/** The look of a profile form's rows (profile.css): the label left, the input right. */
export const PROFILE_FIELD: FieldClasses = {
  field: 'profile-field',
  label: 'profile-label',
  input: 'profile-input',
};
